# Scenario: a break before any tensor op. The graph before it would be empty and Dynamo never
# compiles empty graphs; only the resume function's graph (sin, 1 op) reaches the backend.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    torch._dynamo.graph_break()
    return x.sin()


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
