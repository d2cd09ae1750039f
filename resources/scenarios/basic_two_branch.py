# Scenario: the contract's second example, a data-dependent branch taken both ways.
# Call (x, y): graph 1 = sum, sum, gt (3 ops), the jump on the bool tensor is a graph break, the
# taken branch's resume function compiles `a * b` (1 op). Call (y, x): graph 1's guards pass
# (same shapes/dtypes), the other branch's resume function compiles `a - b` (1 op).
# frame_count 3, op_count 5.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    if a.sum() > b.sum():
        return a * b
    return a - b


torch._dynamo.reset()
x = torch.ones(3) * 2
y = torch.ones(3) * -1
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x, y), fn(x, y))
assert torch.equal(opt(y, x), fn(y, x))
assert (cnt.frame_count, cnt.op_count) == (3, 5), (cnt.frame_count, cnt.op_count)
