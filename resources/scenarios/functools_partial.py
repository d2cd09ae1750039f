# Scenario: a functools.partial of a user function is inlined. Nodes: mul, add = 2 ops.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def scale_shift(x, scale, shift):
    return x * scale + shift


triple = functools.partial(scale_shift, scale=3.0)


def fn(x):
    return triple(x, shift=1.0)


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
