# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_binop: `size + obj` where obj's class
# defines __radd__ is traced through the user method: 1 graph, 1 op (static shapes).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Offset:
    def __init__(self, value):
        self.value = value

    def __radd__(self, other):
        return self.value + other


def fn(x, c):
    n = x.shape[0] + c
    return x + n


torch._dynamo.reset()
cnts = CompileCounter()
x = torch.randn(3)
c = Offset(4)
assert same(fn(x, c), torch.compile(fn, backend=cnts)(x, c))
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
