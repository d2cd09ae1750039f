# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_attribute_error_from_getattr: hasattr() on an object whose __getattr__
# raises AttributeError answers False in the trace.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


class Mock:
    def __init__(self):
        self.a = 5

    def __getattr__(self, name):
        if name != "a":
            raise AttributeError("missing")
        return self.__dict__["a"]


mock = Mock()


def fn(x):
    if hasattr(mock, "b"):
        return torch.cos(x)
    return torch.sin(x)


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
