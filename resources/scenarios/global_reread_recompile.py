# Scenario: a global Python float is a guarded constant. Changing it fails the guard and
# recompiles, and the new value is used. One mul per graph: frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

SCALE = 2.0


def fn(x):
    return x * SCALE


torch._dynamo.reset()
x = torch.ones(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x), torch.full((3,), 2.0))
SCALE = 3.0
assert torch.equal(opt(x), torch.full((3,), 3.0))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
