# Scenario: Tensor.tolist() leaves the tensor world: a graph break. Graph 1 = add; tolist runs in
# Python; the resume graph = mul by len(vals), a constant = 1 op. frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x + 1
    vals = y.tolist()
    return y * len(vals)


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
