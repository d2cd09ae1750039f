# Scenario: `if (x > 0).all():` with code after the branch. Graph 1 = gt, all (2 ops), break on
# the jump; the resume function compiles the taken branch and the rest: add (clamp branch not
# taken), mul = 2 ops. frame_count 2, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if (x > 0).all():
        x = x + 1
    else:
        x = x.clamp(min=0)
    return x * 2


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.rand(5) + 0.1
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 4), (cnt.frame_count, cnt.op_count)
