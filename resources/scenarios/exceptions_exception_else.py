# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception_else: try/except/else where nothing raises: the inlined call
# and the else block run, the handler does not.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def gn(x):
    return torch.cos(x)


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        x = gn(x)
    except Exception:
        x = torch.sigmoid(x)
    else:
        x = torch.cos(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
