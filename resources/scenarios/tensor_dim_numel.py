# Scenario: x.dim(), x.ndim and x.numel() are constants with static shapes.
# Nodes: view (call_method), mul, add = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    assert x.ndim == 2
    return x.view(-1) * x.dim() + x.numel()


torch._dynamo.reset()
x = torch.randn(2, 3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
