# Scenario: a namedtuple argument; fields are read through attribute access. Nodes: mul, sub.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

Pair = collections.namedtuple("Pair", ["a", "b"])


def fn(p):
    return p.a * p.b - p.a


torch._dynamo.reset()
p = Pair(torch.randn(3), torch.randn(3))
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(p), fn(p))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
