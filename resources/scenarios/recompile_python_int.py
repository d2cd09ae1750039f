# Scenario: Python int arguments are specialised (dynamic=False): each new value is a new
# EQUALS_MATCH guard failure and a recompile; a repeated value hits. One mul per graph:
# values 2, 3, 2, 4 -> frame_count 3, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, n):
    return x * n


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
x = torch.randn(3)
for n in (2, 3, 2, 4):
    assert torch.allclose(opt(x, n), x * n)
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
