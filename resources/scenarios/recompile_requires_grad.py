# Scenario: requires_grad is part of TENSOR_MATCH: the same tensor with requires_grad=True
# recompiles. One mul per graph: frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x * 3


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.randn(3)
assert not opt(x).requires_grad
xg = x.clone().requires_grad_(True)
out = opt(xg)
assert out.requires_grad and torch.allclose(out, x * 3)
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
