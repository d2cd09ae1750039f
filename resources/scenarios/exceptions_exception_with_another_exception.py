# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception_with_another_exception: a second try/except nested in the first
# handler (an exception raised while another is handled); the function returns None.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    x = torch.cos(x)
    try:
        x = torch.sin(x)
        raise NotImplementedError("Not implemented")
    except NotImplementedError:
        x = torch.sigmoid(x)
        try:
            x = torch.cos(x)
            raise AssertionError
        except AssertionError:
            x = torch.cos(x)


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert ref is None and res is None, (ref, res)
