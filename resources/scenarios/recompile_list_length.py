# Scenario: a list argument's length is guarded (SEQUENCE_LENGTH): 2 then 3 elements recompile.
# Graph 1: one add (x0 + x1); graph 2: two adds. frame_count 2, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(xs):
    out = xs[0]
    for t in xs[1:]:
        out = out + t
    return out


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
two = [torch.randn(2) for _ in range(2)]
three = [torch.randn(2) for _ in range(3)]
assert torch.allclose(opt(two), fn(two)) and torch.allclose(opt(three), fn(three))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
