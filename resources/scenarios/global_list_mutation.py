# Scenario: appending to a global list from the compiled function. Nodes: neg, mul = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

LOG = []


def fn(x):
    LOG.append(x.neg())
    return x * 3


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x)
assert len(LOG) == 1 and torch.allclose(LOG[0], -x)
assert torch.allclose(res, x * 3)
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
