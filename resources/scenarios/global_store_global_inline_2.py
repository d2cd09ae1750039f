# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_inline_2: as inline_1, with the
# objects made by a staticmethod factory (Variable.constant): names v0v1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

_name = 0


def fresh_name():
    global _name
    r = f"v{_name}"
    _name += 1
    return r


class Variable:
    def __init__(self, value, name=None):
        self.value = value
        self.name = name or fresh_name()

    @staticmethod
    def constant(value, name=None):
        return Variable(value, name)


def fn(a, b):
    a = Variable.constant(a)
    b = Variable.constant(b)
    return a.value + b.value, a.name + b.name


torch._dynamo.reset()
a, b = torch.randn(10), torch.randn(10)
cnts = CompileCounter()
v0, s0 = torch.compile(fn, backend=cnts)(a, b)
assert s0 == "v0v1", s0
assert torch.equal(v0, a + b)
