# PyTorch test/dynamo/test_misc.py MiscTests.test_setattr_mutation1: six attribute writes on an
# input object, each computed from the ones before, the object returned: it is the same object,
# its a, b, c equal eager's, frame_count 1, op_count 12.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyObj:
    def __init__(self, a, b):
        self.a = a
        self.b = b


def fn(obj):
    obj.c = obj.a * obj.b + 1
    obj.b = obj.a * obj.c + 2
    obj.a = obj.b * obj.c + 3
    obj.c = obj.a * obj.b + 4
    obj.b = obj.a * obj.c + 5
    obj.a = obj.b * obj.c + 6
    return obj


torch._dynamo.reset()
x1 = torch.randn(10)
x2 = torch.randn(10)
obj1 = MyObj(x1, x2)
obj2 = MyObj(x1, x2)
fn(obj2)
cnts = CompileCounter()
assert torch.compile(fn, backend=cnts)(obj1) is obj1
assert same(obj1.a, obj2.a) and same(obj1.b, obj2.b) and same(obj1.c, obj2.c)
assert (cnts.frame_count, cnts.op_count) == (1, 12), (cnts.frame_count, cnts.op_count)
