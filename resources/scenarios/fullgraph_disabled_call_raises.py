# Scenario: with fullgraph=True, calling a disabled function is a graph break and so an error.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


@torch._dynamo.disable
def side(x):
    return x.sum()


def fn(x):
    return x * side(x)


torch._dynamo.reset()
opt = torch.compile(fn, backend=CompileCounter(), fullgraph=True)
try:
    opt(torch.ones(2))
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("fullgraph=True must raise on a call to a disabled function")
