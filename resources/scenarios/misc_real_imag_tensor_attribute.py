# PyTorch test/dynamo/test_misc.py MiscTests.test_real_imag_tensor_attribute: x.real and x.imag of a
# complex input feed torch.add/torch.mul; equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x, y):
    return torch.mul(torch.add(x.real, y), x.imag)


x = torch.complex(torch.rand((4, 4)), torch.rand((4, 4)))
y = torch.rand((4, 4))
assert same(fn(x, y), torch.compile(fn, backend="eager")(x, y))
