# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception_with_another_exception2: an inlined function handles its own exception,
# then re-raises it bare; the caller's `except Exception: pass` swallows it.
# The test compiles with backend="eager" and asserts the result equals eager's.
import torch
import torch._dynamo


def gn(x):
    try:
        x = torch.cos(x)
        raise NotImplementedError("Not implemented")
    except NotImplementedError:
        x = torch.sigmoid(x)
        raise


def fn(x):
    try:
        x = torch.cos(x)
        gn(x)
    except Exception:
        pass
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager")(x)
assert torch.allclose(ref, res), (ref, res)
