# PyTorch test/dynamo/test_misc.py MiscTests.test_closure_recompiles: closures of one inner
# function passed as an argument: two with an equal int cell share a graph, two with tensor cells
# share another: 2 graphs in all (fullgraph); every result equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def adder(val):
    def inner(x):
        return torch.sin(x + val)

    return inner


def fn(x, other):
    return other(x + 1) - 1


torch._dynamo.reset()
cnts = CompileCounter()
opt = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.randn(8)
for f in (adder(5), adder(5), adder(torch.randn(8)), adder(torch.randn(8))):
    assert torch.allclose(opt(x, f), fn(x, f))
assert cnts.frame_count == 2, cnts.frame_count
