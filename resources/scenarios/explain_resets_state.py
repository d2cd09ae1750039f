# Scenario: explain resets Dynamo's caches before and after it runs (as Dynamo does), so a
# function compiled afterwards is compiled afresh: frame_count 2 for the graph_break example.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x.abs() + 2
    torch._dynamo.graph_break()
    return y.sqrt()


torch._dynamo.reset()
x = torch.randn(3)
torch._dynamo.explain(fn)(x)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
