# Scenario: a break after the last tensor op. Graph 1 = cos (1 op); the resume function only
# returns an existing tensor, an empty graph, which is not compiled. frame_count 1, op_count 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x.cos()
    torch._dynamo.graph_break()
    return y


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
