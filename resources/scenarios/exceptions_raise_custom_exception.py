# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_custom_exception: a user exception class (no methods of its own) raised
# as a class and caught by its own except clause before `except Exception`.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


class Exc(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise Exc
    except Exc:
        return t.sin()
    except Exception:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t.sin()), (y, t.sin())
