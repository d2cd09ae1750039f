# Scenario: a while loop on a Python counter is unrolled: 3 cos calls (call_method), one graph.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    i = 0
    while i < 3:
        x = x.cos()
        i += 1
    return x


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
