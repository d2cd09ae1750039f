# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception2: an except clause naming a tuple of classes catches the
# NotImplementedError raised in the trace.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError
    except (NotImplementedError, AttributeError):
        x = torch.sigmoid(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
