# Scenario: a global tensor is a graph input guarded on its metadata, not its values: changing
# its values in place neither recompiles nor goes stale. frame_count 1, op_count 1 (add).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

W = torch.ones(3)


def fn(x):
    return x + W


torch._dynamo.reset()
x = torch.zeros(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x), torch.ones(3))
W.add_(1)
assert torch.equal(opt(x), torch.full((3,), 2.0))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
