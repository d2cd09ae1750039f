# Scenario: a branch on a static size is resolved while tracing (no graph break); a new size
# fails the shape guard and recompiles (dynamic=False). Each graph: one add or one sub.
# frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if x.shape[0] > 2:
        return x + 1
    return x - 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
big, small = torch.randn(3), torch.randn(2)
assert torch.equal(opt(big), fn(big))
assert torch.equal(opt(small), fn(small))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
