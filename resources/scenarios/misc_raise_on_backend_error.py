# PyTorch test/dynamo/test_misc.py MiscTests.test_raise_on_backend_error: a backend that raises
# makes the compiled call raise torch._dynamo.exc.BackendCompilerFailed.
import torch
import torch._dynamo


def my_compiler(gm, _):
    raise RuntimeError("duck!")


@torch.compile(backend=my_compiler)
def fn(a, b):
    return a + b / (a - b)


torch._dynamo.reset()
try:
    fn(torch.randn(10), torch.randn(10))
except torch._dynamo.exc.BackendCompilerFailed:
    pass
else:
    raise AssertionError("a failing backend must raise BackendCompilerFailed")
