# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_user_defined_object: `not obj` for objects
# without __bool__, with a __bool__ method, and with an instance attribute named __bool__ (ignored
# by CPython): results equal eager, 4 graphs in all (fullgraph=True) over six calls.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class A:
    def __init__(self, x):
        self.x = x


class B:
    def __init__(self, x):
        self.x = x

    def __bool__(self):
        return self.x > 0


class C:
    def __init__(self, x):
        self.x = x
        self.__bool__ = False


def fn(x, obj):
    if not obj:
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.rand(4)
cnts = CompileCounter()
opt = torch.compile(fn, backend=cnts, fullgraph=True)
b_pos, b_neg = B(0.5), B(-0.5)
for obj in [A(0.5), b_pos, b_neg, C(0.5), b_neg, b_pos]:
    assert same(fn(x, obj), opt(x, obj)), type(obj)
assert cnts.frame_count == 4, cnts.frame_count
