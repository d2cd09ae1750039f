# Scenario: a loop over a constant list of floats: one mul per element, 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    for w in [1.0, 2.0, 3.0]:
        x = x * w
    return x


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
