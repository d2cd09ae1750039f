# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_methods: five Foo objects made in the
# trace, combined by their __add__/__mul__/__truediv__/__sub__ (each making another Foo, whose
# __init__ calls super().__init__()); standard_test: fullgraph, 4 ops, results equal eager ones
# on two sets of 10x10 inputs, each called twice. The result is a Foo rebuilt after the graph;
# it is compared by its attribute, as Dynamo's same() compares a Foo.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Foo:
    def __init__(self, val):
        super().__init__()
        self.val = val

    def __add__(self, other):
        return Foo(self.val + other.val)

    def __mul__(self, other):
        return Foo(self.val * other.val)

    def __truediv__(self, other):
        return Foo(self.val / other.val)

    def __sub__(self, other):
        return Foo(self.val - other.val)


def fn(a, b, c):
    return Foo(a) + Foo(b) * Foo(c) / Foo(a) - Foo(b)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
args1 = [torch.randn(10, 10) for _ in range(3)]
args2 = [torch.randn(10, 10) for _ in range(3)]
for args in (args1, args2, args1, args2):
    got, want = opt_fn(*args), fn(*args)
    assert type(got) is Foo and list(vars(got)) == ["val"]
    assert same(got.val, want.val)
assert (cnts.frame_count, cnts.op_count) == (1, 4), (cnts.frame_count, cnts.op_count)
