# PyTorch test/dynamo/test_misc.py MiscTests.test_get_attr_function: the bound method-wrapper
# torch.Tensor.shape.__get__ passed in and called on a tensor: equals eager's shape.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(g, x):
    return g(x)


torch._dynamo.reset()
g = torch.Tensor.shape.__get__
res = torch.compile(fn, backend=CompileCounter())(g, torch.ones(2, 2))
assert res == fn(g, torch.ones(2, 2)) == torch.Size([2, 2]), res
