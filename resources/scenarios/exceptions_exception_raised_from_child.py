# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception_raised_from_child: an inlined function raises; the caller's handler
# catches it and the statement after the call is skipped.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def gn():
    raise NotImplementedError("foo")


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        gn()
        x = torch.sin(x)
    except Exception:
        x = torch.sigmoid(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
