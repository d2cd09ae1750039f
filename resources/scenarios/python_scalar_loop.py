# Scenario: a pure-Python loop on a float and constant builtins (max, abs, min) leave no nodes.
# Nodes: mul (x * scale), add (+ max(...)) = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    scale = 0.5
    for _ in range(3):
        scale = scale * 2
    return x * scale + max(2, abs(-5), min(7, 9))


torch._dynamo.reset()
x = torch.randn(6)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
