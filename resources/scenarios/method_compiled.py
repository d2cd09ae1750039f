# Scenario: compiling a bound method of a user class; self's float attribute is a constant.
# Nodes: mul, add = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Affine:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __call__(self, x):
        return x * self.a + self.b


torch._dynamo.reset()
f = Affine(2.0, -1.0)
cnt = CompileCounter()
opt = torch.compile(f.__call__, backend=cnt)
x = torch.randn(3)
assert torch.allclose(opt(x), f(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
