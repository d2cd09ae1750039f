# PyTorch test/dynamo/test_misc.py MiscTests.test_module_not_callable: calling the torch.fft
# module as a function inside the compiled function raises CPython's
# TypeError "'module' object is not callable".
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return torch.fft(x)


torch._dynamo.reset()
try:
    torch.compile(fn, backend=CompileCounter())(torch.randn(10, 10))
except TypeError as e:
    assert "'module' object is not callable" in str(e), str(e)
else:
    raise AssertionError("torch.fft(x) must raise TypeError")
