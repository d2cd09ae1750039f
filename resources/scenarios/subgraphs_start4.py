# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_start4: `if check:` on a 1-element int
# tensor at the start: the branch is a break before any op; each branch's graph compiles
# (a + b + 10, a + b - 10): frame_count 3, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b, check):
    if check:
        return a + b + 10
    else:
        return a + b - 10


torch._dynamo.reset()
v1, v2 = torch.randn(10), torch.randn(10)
f = torch.zeros(1, dtype=torch.int32)
t = torch.ones(1, dtype=torch.int32)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
assert same(opt_fn(v1, v2, t), fn(v1, v2, t))
assert same(opt_fn(v1, v2, f), fn(v1, v2, f))
assert (cnt.frame_count, cnt.op_count) == (3, 4), (cnt.frame_count, cnt.op_count)
