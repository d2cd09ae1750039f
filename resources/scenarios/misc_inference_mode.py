# PyTorch test/dynamo/test_misc.py MiscTests.test_inference_mode: a function decorated with
# @torch.inference_mode() compiles and returns eager's result without touching its inputs.
import torch
import torch._dynamo
from torch._dynamo.testing import same


@torch.inference_mode()
def func(x, y):
    return x.add(1.0) + y


x = torch.ones(4, requires_grad=True)
y = torch.ones(4, requires_grad=True)
expected = func(x, y)
x1 = torch.ones(4, requires_grad=True)
got = torch.compile(func, backend="eager")(x1, y)
assert same(expected, got) and same(x, x1)
