# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_user_defined_exception_variable: a user exception class defined at module
# level, raised as a class, skips `except ValueError` and is caught by its own clause.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's
# (the assert on z inside the compiled function holds)..
import torch
import torch._dynamo


class CustomException(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    z = 0
    try:
        raise CustomException
    except ValueError:
        z = 1
    except CustomException:
        z = 2
    assert z == 2
    return t.sin()


t = torch.randn(2)
assert torch.allclose(fn(t), t.sin())
