# Scenario: Python arithmetic on sizes with static shapes (dynamic=False). x.size(0), x.shape[1]
# are constants while tracing, so `n` is a plain int. Nodes: reshape (call_method), mul = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    n = x.size(0) * x.shape[1]
    return x.reshape(n) * x.shape[0]


torch._dynamo.reset()
x = torch.randn(3, 4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
out = opt(x)
assert out.shape == (12,) and torch.allclose(out, fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
