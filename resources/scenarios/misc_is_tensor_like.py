# PyTorch test/dynamo/test_misc.py MiscTests.test_is_tensor_like: torch.overrides.is_tensor_like on
# a tensor argument and on an int argument (fullgraph=True): x * 2 for the tensor, ones + 4 for
# the int, as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def f(x):
    if torch.overrides.is_tensor_like(x):
        return (x * 2,)
    return (torch.ones(10) + x,)


torch._dynamo.reset()
x = torch.randn(10)
ref0, ref1 = f(x), f(4)
opt_f = torch.compile(f, backend=CompileCounter(), fullgraph=True)
assert same(ref0, opt_f(x))
assert same(ref1, opt_f(4))
