# Scenario: torch._dynamo.graph_break() inside an inlined helper. As with any break in an inlined
# call, fn breaks at the call `helper(x)`: fn's graph before it is empty (not compiled); helper
# runs as its own frame and is compiled in two graphs (add | mul); fn's resume graph = sin.
# frame_count 3, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x * 2


def fn(x):
    return helper(x).sin()


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
