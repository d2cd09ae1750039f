# Scenario: an in-place op on an input mutates the caller's tensor, as in eager mode.
# Nodes: add_ (call_method), mul = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    x.add_(1)
    return x * 2


torch._dynamo.reset()
base = torch.randn(4)
xe, xc = base.clone(), base.clone()
ref = fn(xe)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(xc)
assert torch.allclose(res, ref) and torch.allclose(xc, xe) and torch.allclose(xc, base + 1)
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
