# Scenario: an inner function closing over a local tensor of the compiled function.
# Nodes: add (t = x + 1), mul (inside inner), sub = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    t = x + 1

    def inner(y):
        return y * t

    return inner(x) - t


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
