# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_size_numel_dynamic: x.size().numel() of an
# input under fullgraph=True equals eager's (80).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.size().numel()


torch._dynamo.reset()
x = torch.rand(10, 1, 8, 1)
assert torch.compile(fn, backend=CompileCounter(), fullgraph=True)(x) == fn(x) == 80
