# Scenario: index assignment into a fresh tensor (x.clone(); y[0] = 0): Dynamo records clone
# (call_method) and operator.setitem (call_function), then sum (call_method) = 3 ops; the input
# is left untouched.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x.clone()
    y[0] = 0
    return y.sum()


torch._dynamo.reset()
x = torch.arange(1.0, 5.0)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x), fn(x)) and torch.equal(x, torch.arange(1.0, 5.0))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
