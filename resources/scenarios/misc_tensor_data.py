# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_data: indexing with y.data under
# fullgraph=True equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x, y):
    return x[y.data]


x = torch.rand(8)
y = torch.ones(8).to(torch.int)
assert same(fn(x, y), torch.compile(fn, backend="eager", fullgraph=True)(x, y))
