# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception: NotImplementedError raised in a try block and caught by
# `except Exception`; the handler's sigmoid runs in the same graph.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError
    except Exception:
        x = torch.sigmoid(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
