# Scenario: Python constant arithmetic is evaluated while tracing, never put in the graph.
# `2 * 3 + 1` is folded by CPython's compiler already; math.sqrt(16.0) and len() of a constant
# tuple are evaluated by Dynamo on constants. Nodes: mul, add = 2 ops.
import math

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

SHAPE = (1, 2, 3)


def fn(x):
    c = 2 * 3 + 1
    k = math.sqrt(16.0) + len(SHAPE)
    return x * c + k


torch._dynamo.reset()
x = torch.randn(5)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
