# Scenario: a graph break inside a for loop. Dynamo does not split loops: it skips the whole
# frame ("Skipping frame because there is a graph break in a for/while loop"), which then runs
# uncaptured. Nothing reaches the backend: frame_count 0, op_count 0; results are still right.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    for i in range(3):
        x = x + i
        torch._dynamo.graph_break()
    return x


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (0, 0), (cnt.frame_count, cnt.op_count)
