# PyTorch test/dynamo/test_misc.py MiscTests.test_setattr_mutation2: an object made in the trace
# (its __init__ computes a and b), three attribute writes, the object returned: a, b, c equal
# eager's, frame_count 1, op_count 9.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyObj:
    def __init__(self, x):
        self.a = x + 1
        self.b = x + 2


def fn(x):
    x = x / 3.0
    obj = MyObj(x)
    obj.c = obj.a * obj.b + 1
    obj.b = obj.a * obj.c + 2
    obj.a = obj.b * obj.c + 3
    return obj


torch._dynamo.reset()
x1 = torch.randn(10)
obj2 = fn(x1)
cnts = CompileCounter()
obj1 = torch.compile(fn, backend=cnts)(x1)
assert type(obj1) is MyObj
assert same(obj1.a, obj2.a) and same(obj1.b, obj2.b) and same(obj1.c, obj2.c)
assert (cnts.frame_count, cnts.op_count) == (1, 9), (cnts.frame_count, cnts.op_count)
