# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception3: two except clauses (the first does not match) and a
# finally block around an exception with a message.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError("Not implemented")
    except AssertionError:
        x = torch.sigmoid(x)
    except NotImplementedError:
        x = torch.cos(x)
    finally:
        x = torch.cos(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
