# Scenario: inlining a helper with defaults and keyword-only arguments.
# Each helper call: mul, add = 2 ops; two calls plus the final add = 5 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(x, scale=2.0, *, shift=1.0):
    return x * scale + shift


def fn(x):
    return helper(x) + helper(x, 3.0, shift=0.5)


torch._dynamo.reset()
x = torch.randn(5)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 5), (cnt.frame_count, cnt.op_count)
