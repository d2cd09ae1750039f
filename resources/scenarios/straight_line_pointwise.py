# Scenario: straight-line pointwise code, one graph.
# Nodes: sin (call_method), cos (call_method), mul, add (call_function) = 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return a.sin() + b.cos() * 2


torch._dynamo.reset()
a, b = torch.randn(8), torch.randn(8)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(a, b), fn(a, b))
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
