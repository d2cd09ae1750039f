# Scenario: `global TOTAL; TOTAL = TOTAL + 1` inside the region (STORE_GLOBAL) is replayed after
# the graph; x + TOTAL uses the new value as a constant. Nodes: add = 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

TOTAL = 10


def fn(x):
    global TOTAL
    TOTAL = TOTAL + 1
    return x + TOTAL


torch._dynamo.reset()
x = torch.zeros(2)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x)
assert TOTAL == 11 and torch.equal(res, torch.full((2,), 11.0))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
