# PyTorch test/dynamo/test_misc.py MiscTests.test_get_custom_tensor_attribute and
# test_set_custom_tensor_attribute: a Python float attribute on a tensor read, and set then read,
# inside the compiled function; both equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def get_attr(x):
    return x.custom_attr * x


def set_attr(x):
    x.custom_attr = 3.14
    return x.custom_attr * x


x = torch.rand((2, 2))
x.custom_attr = 3.14
assert same(get_attr(x), torch.compile(get_attr, backend="eager")(x))
y = torch.rand((2, 2))
assert same(set_attr(y.clone()), torch.compile(set_attr, backend="eager")(y))
assert y.custom_attr == 3.14
