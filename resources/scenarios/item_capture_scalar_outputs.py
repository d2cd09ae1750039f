# Scenario: with config.capture_scalar_outputs = True, .item() is traced into the graph.
# One graph: mul, sum, item (call_method), add = 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x * 2
    v = y.sum().item()
    return y + v


torch._dynamo.reset()
torch._dynamo.config.capture_scalar_outputs = True
try:
    x = torch.randn(4)
    cnt = CompileCounter()
    opt = torch.compile(fn, backend=cnt)
    assert torch.allclose(opt(x), fn(x))
    assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
finally:
    torch._dynamo.config.capture_scalar_outputs = False
