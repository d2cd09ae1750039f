# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_GeneratorExit: GeneratorExit, a BaseException that is no
# Exception, passes `except Exception` and is caught by `except BaseException`.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's
# (t.cos(): GeneratorExit is no Exception)..
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise GeneratorExit
    except Exception:
        return t.sin()
    except BaseException:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t.cos()), (y, t.cos())
