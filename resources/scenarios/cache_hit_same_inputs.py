# Scenario: calls with new tensors of the same shape, dtype and device hit the cache: one graph
# (exp, sub) whatever the values. frame_count 1, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.exp() - x


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
for _ in range(5):
    x = torch.randn(4, 4)
    assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
