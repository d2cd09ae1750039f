# Scenario: `if x.sum() > 0` called with a positive then a negative input.
# Graph 1 = sum, gt (2 ops), break on the jump; first call compiles the true branch (mul, 1 op);
# second call hits graph 1 and compiles the false branch (neg, 1 op). frame_count 3, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if x.sum() > 0:
        return x * 3
    return -x


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
pos, neg = torch.ones(4), -torch.ones(4)
assert torch.equal(opt(pos), fn(pos))
assert torch.equal(opt(neg), fn(neg))
assert (cnt.frame_count, cnt.op_count) == (3, 4), (cnt.frame_count, cnt.op_count)
# Both branches are cached now: more calls compile nothing.
assert torch.equal(opt(neg), fn(neg)) and torch.equal(opt(pos), fn(pos))
assert (cnt.frame_count, cnt.op_count) == (3, 4), (cnt.frame_count, cnt.op_count)
