# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_setattr_getset_descriptor: `x.real = 10`
# on a complex input (Tensor.real is a getset descriptor with a setter) then x + 1: the result,
# and the mutated input, equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def f(x):
    x.real = 10
    return x + 1


torch._dynamo.reset()
x_eager = torch.ones(5, dtype=torch.cfloat)
x_comp = torch.ones(5, dtype=torch.cfloat)
ref = f(x_eager)
res = torch.compile(f, backend="eager", fullgraph=False)(x_comp)
assert torch.equal(res, ref), (res, ref)
assert torch.equal(x_comp, x_eager), (x_comp, x_eager)
