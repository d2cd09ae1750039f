# PyTorch test/dynamo/test_misc.py MiscTests.test_shape_type: type(x.shape) == torch.Size is True
# at trace time: x + True under fullgraph=True equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + (type(x.shape) == torch.Size)


x = torch.zeros(())
assert torch.equal(torch.compile(fn, backend=CompileCounter(), fullgraph=True)(x), fn(x))
