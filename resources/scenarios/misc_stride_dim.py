# PyTorch test/dynamo/test_misc.py MiscTests.test_stride_dim: x.stride(dim=d) with the keyword
# returns the one stride: 72 for d=0, 8 for d=-2 (fullgraph=True).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, dim):
    return x.stride(dim=dim)


torch._dynamo.reset()
opt = torch.compile(fn, backend=CompileCounter(), fullgraph=True)
x = torch.empty([4, 9, 8])
assert opt(x, 0) == 72
assert opt(x, -2) == 8
