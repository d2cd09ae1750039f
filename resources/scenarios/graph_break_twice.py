# Scenario: two explicit graph breaks give three graphs of one op each (add, mul, sub).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    a = x + 1
    torch._dynamo.graph_break()
    b = a * 2
    torch._dynamo.graph_break()
    return b - 3


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
