# Scenario: a for loop over range() is unrolled while tracing. `x + 0` is still an add node (no
# algebraic simplification): 3 adds. frame_count 1, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    for i in range(3):
        x = x + i
    return x


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
