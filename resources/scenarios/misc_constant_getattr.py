# PyTorch test/dynamo/test_misc.py MiscTests.test_constant_getattr: getattr(None, "arg", 3) takes
# the default; no tensor in the frame, the result is 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn():
    return getattr(None, "arg", 3)


torch._dynamo.reset()
assert torch.compile(fn, backend=CompileCounter())() == 3
