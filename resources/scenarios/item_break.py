# Scenario: Tensor.item() with capture_scalar_outputs=False (the default) is a graph break.
# Graph 1 = mul, sum (the sum is traced before the .item() call fails) = 2 ops; item() runs in
# Python; the resume graph = add (y + a Python float) = 1 op. frame_count 2, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x * 2
    v = y.sum().item()
    return y + v


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
