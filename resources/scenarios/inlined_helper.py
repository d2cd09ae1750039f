# Scenario: helper functions are inlined into the caller's graph.
# helper = relu (call_method), mul; fn = helper(x) + helper(x + 1): 2 + (add + 2) + add = 6 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(x):
    return x.relu() * 2


def fn(x):
    return helper(x) + helper(x + 1)


torch._dynamo.reset()
x = torch.randn(5)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 6), (cnt.frame_count, cnt.op_count)
