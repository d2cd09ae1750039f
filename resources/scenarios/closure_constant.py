# Scenario: compiling a closure; the captured Python float is a constant. Nodes: mul, add.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def make(scale):
    def fn(x):
        return x * scale + 1

    return fn


torch._dynamo.reset()
fn = make(2.5)
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
