# Scenario: the contract's first example. One explicit graph_break() splits fn into two graphs.
# Dynamo: graph 1 = abs (call_method) + add (call_function) = 2 ops; graph_break() runs in Python;
# the resume function's graph = sqrt (call_method) = 1 op. frame_count 2, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x.abs() + 2
    torch._dynamo.graph_break()
    return y.sqrt()


torch._dynamo.reset()
x = torch.randn(4, 5)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
# A second call with the same input kind hits both cache entries: nothing new is compiled.
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
