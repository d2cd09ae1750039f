# Scenario: fullgraph=True and a branch on tensor data: Unsupported (no partial graphs).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
try:
    opt(torch.ones(3))
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("fullgraph=True must raise on a data-dependent branch")
assert cnt.frame_count == 0
