# Scenario: a tensor captured in a closure cell becomes a graph input (a placeholder, not an
# op). Nodes: mul = 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def make():
    w = torch.randn(3)

    def fn(x):
        return x * w

    return fn


torch._dynamo.reset()
fn = make()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
