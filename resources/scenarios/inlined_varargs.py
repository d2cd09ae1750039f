# Scenario: inlining a helper called with *args/**kwargs. Nodes: mul, add = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(*args, **kwargs):
    return args[0] * kwargs["k"] + args[1]


def fn(a, b):
    return helper(a, b, k=4)


torch._dynamo.reset()
a, b = torch.randn(3), torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(a, b), fn(a, b))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
