# Scenario: calling a method of a plain user object: inlined, its attributes are constants.
# Nodes: mul, add = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Scaler:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return x * self.k + self.k


SCALER = Scaler(3.0)


def fn(x):
    return SCALER.apply(x)


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
