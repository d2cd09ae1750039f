# PyTorch test/dynamo/test_misc.py MiscTests.test_T_tensor_attribute and test_recursive_tensor_attribute:
# x.T, and x.real.T of a complex input; both equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x, y):
    return torch.add(x.T, y)


def fn2(x, y):
    return torch.mul(torch.add(x.real.T, y), x.imag)


x = torch.rand((4, 4))
y = torch.rand((4, 4))
assert same(fn(x, y), torch.compile(fn, backend="eager")(x, y))
xc = torch.complex(torch.rand((4, 4)), torch.rand((4, 4)))
assert same(fn2(xc, y), torch.compile(fn2, backend="eager")(xc, y))
