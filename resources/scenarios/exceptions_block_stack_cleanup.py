# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_block_stack_cleanup: a try/except around a dict read inside a loop:
# two keys are missing (KeyError caught, sin), one is there.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's..
import torch
import torch._dynamo

params = {
    "a": 3,
    "b": 4,
    "c": 5,
}

dt = {
    "c": 5,
}


def fn(x):
    for name in params:
        try:
            x = x * dt[name]
        except KeyError:
            x = x * torch.sin(x)
    return x


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch.allclose(fn(x), opt_fn(x))
