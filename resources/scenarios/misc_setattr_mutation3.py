# PyTorch test/dynamo/test_misc.py MiscTests.test_setattr_mutation3: as test_setattr_mutation2, with
# super().__init__() in the class's __init__ and the three attributes returned as a tuple (the
# object does not escape): equal eager's, frame_count 1, op_count 9.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyObj:
    def __init__(self, x):
        super().__init__()
        self.a = x + 1
        self.b = x + 2


def fn(x):
    x = x / 3.0
    obj = MyObj(x)
    obj.c = obj.a * obj.b + 1
    obj.b = obj.a * obj.c + 2
    obj.a = obj.b * obj.c + 3
    return obj.a, obj.b, obj.c


torch._dynamo.reset()
x1 = torch.randn(10)
obj2 = fn(x1)
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts)(x1), obj2)
assert (cnts.frame_count, cnts.op_count) == (1, 9), (cnts.frame_count, cnts.op_count)
