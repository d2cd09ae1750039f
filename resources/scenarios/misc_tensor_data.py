# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_data: indexing with y.data under
# fullgraph=True equals eager. The index tensor is int64 here (the test uses int32, which torch
# 1.13 does not accept as an index).
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x, y):
    return x[y.data]


x = torch.rand(8)
y = torch.ones(8).to(torch.long)
assert same(fn(x, y), torch.compile(fn, backend="eager", fullgraph=True)(x, y))
