# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_exception_with_ctx_manager: an exception leaves a torch.no_grad() block
# (its __exit__ runs through WITH_EXCEPT_START) and is caught outside it.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def fn(x):
    x = torch.cos(x)
    try:
        with torch.no_grad():
            x = torch.sin(x)
            raise NotImplementedError("Not implemented")
    except NotImplementedError:
        x = torch.sigmoid(x)
    return x


x = torch.randn(4)
ref = fn(x)
res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(ref, res), (ref, res)
assert torch.is_grad_enabled()
