# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_layout: torch.zeros with the input's
# sizes, dtype, layout and device (constants at trace time) under fullgraph=True equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    return torch.zeros([x.size()[0], x.size()[1]], dtype=x.dtype, layout=x.layout, device=x.device)


x = torch.rand(2, 3)
assert same(fn(x), torch.compile(fn, backend="eager", fullgraph=True)(x))
