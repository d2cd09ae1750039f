# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_user_defined_exception_with_args: a
# user exception whose __init__ takes a positional and a keyword argument, raised and caught by
# its own handler after a non-matching one; fullgraph=True and the handler's assert holds.
import torch


class WithArgs(Exception):
    def __init__(self, a, b=None):
        self.a = a
        self.b = b


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    z = 0
    try:
        raise WithArgs(2, b=3)
    except ValueError:
        z = 1
    except WithArgs as e:
        z = 2 + e.a * e.b
    assert z == 8
    return t.sin() * z


t = torch.randn(2)
assert torch.allclose(fn(t), t.sin() * 8)
