# Scenario: torch._dynamo.reset() drops the caches: the next call compiles again.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x * x


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.randn(3)
opt(x)
opt(x)
assert cnt.frame_count == 1
torch._dynamo.reset()
assert torch.allclose(opt(x), x * x)
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
