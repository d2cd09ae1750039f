# PyTorch test/dynamo/test_misc.py MiscTests.test_size_dim: x.size(dim=d) with the keyword (also a
# negative d) returns the one size: 9 for d=1 and d=-2 (fullgraph=True).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, dim):
    return x.size(dim=dim)


torch._dynamo.reset()
opt = torch.compile(fn, backend=CompileCounter(), fullgraph=True)
x = torch.empty([4, 9, 8])
assert opt(x, 1) == 9
assert opt(x, -2) == 9
