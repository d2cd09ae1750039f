# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_atrribute_error (sic): reading a
# missing attribute of a plain object inside try; the AttributeError handler changes the factor.
# Compiled (no fullgraph in the test), the result equals eager's.
import torch


class Plain:
    def __init__(self):
        self.a = 1


plain = Plain()


def fn(x):
    try:
        c = 2
        plain.b
    except AttributeError:
        c = 3
    return torch.sin(x) * c


x = torch.randn(4)
expected = fn(x)
got = torch.compile(fn, backend="eager")(x)
assert torch.allclose(got, expected), (got, expected)
