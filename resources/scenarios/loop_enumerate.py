# Scenario: enumerate() over a list argument of floats (guarded as constants). Each iteration:
# mul, add = 2 ops, 3 iterations = 6 ops, one graph.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, ws):
    for i, w in enumerate(ws):
        x = x * w + i
    return x


torch._dynamo.reset()
x = torch.randn(4)
ws = [0.5, 1.5, 2.0]
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x, ws), fn(x, ws))
assert (cnt.frame_count, cnt.op_count) == (1, 6), (cnt.frame_count, cnt.op_count)
