# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_raise_custom_exception_with_args: a user exception raised with arguments and
# caught `as e`; e.args are read in the handler.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


class Exc(Exception):
    ...


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    try:
        raise Exc(1, 2.0)
    except Exc as e:
        return t.sin() + e.args[0] + e.args[1]
    except Exception:
        return t.cos()


t = torch.randn(2)
y = fn(t)
assert torch.allclose(y, t.sin() + 1 + 2.0), (y, t.sin() + 1 + 2.0)
