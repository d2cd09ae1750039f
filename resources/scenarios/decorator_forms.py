# Scenario: @torch.compile with and without arguments, and torch.compile(fn) directly.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile
def plain(x):
    return x + 1


@torch.compile()
def empty_call(x):
    return x - 1


@torch.compile(backend=cnt)
def counted(x):
    return x * 5


torch._dynamo.reset()
x = torch.randn(3)
assert torch.allclose(plain(x), x + 1) and torch.allclose(empty_call(x), x - 1)
assert torch.allclose(counted(x), x * 5)
assert counted.__name__ == "counted"  # functools.wraps, as Dynamo does
assert (cnt.frame_count, cnt.op_count) == (1, 1)
