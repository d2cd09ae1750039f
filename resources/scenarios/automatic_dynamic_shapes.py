# Scenario: the default (dynamic=None) uses automatic dynamic shapes: the first call compiles a
# static graph; a second size recompiles once with the size symbolic; a third size reuses that
# dynamic graph. Each graph: sin, add = 2 ops. frame_count 2, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.sin() + 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
for n in (3, 4, 5, 6):
    x = torch.randn(n)
    assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 4), (cnt.frame_count, cnt.op_count)
