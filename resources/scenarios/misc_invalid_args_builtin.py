# PyTorch test/dynamo/test_misc.py MiscTests.test_invalid_args_builtin: isinstance() called with an
# unknown keyword inside the compiled function raises the same TypeError CPython raises.
import torch
import torch._dynamo


@torch.compile(backend="eager")
def fn(x):
    x = x.sin()
    if isinstance(x, torch.Tensor, invalid=True):
        x = x.sin()
    return x


torch._dynamo.reset()
try:
    fn(torch.randn(16))
except TypeError:
    pass
else:
    raise AssertionError("isinstance(..., invalid=True) must raise TypeError")
