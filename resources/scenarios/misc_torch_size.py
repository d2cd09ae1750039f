# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_size: torch.Size([10, 10]) built in the
# graph and splatted into view(); fullgraph=True, equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    size = torch.Size([10, 10])
    return (x.view(*size),)


x = torch.randn(100, requires_grad=True)
expected = fn(x)
assert same(expected, torch.compile(fn, backend=CompileCounter(), fullgraph=True)(x.clone()))
