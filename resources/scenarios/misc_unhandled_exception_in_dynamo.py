# PyTorch test/dynamo/test_misc.py MiscTests.test_unhandled_exception_in_dynamo: a RuntimeError
# raised after an in-place add in the compiled function reaches the caller with its message in
# the traceback.
import traceback

import torch
import torch._dynamo


def f(a):
    a += 1
    raise RuntimeError("smoge")


torch._dynamo.reset()
a = torch.ones(2)
try:
    torch.compile(f, backend="eager")(a)
except RuntimeError:
    assert "smoge" in traceback.format_exc()
else:
    raise AssertionError("expected RuntimeError")
assert torch.equal(a, torch.full((2,), 2.0))
