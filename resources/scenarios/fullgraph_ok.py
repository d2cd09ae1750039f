# Scenario: fullgraph=True on break-free code compiles one graph: matmul, add, relu = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


@torch.compile(fullgraph=True, backend=CompileCounter())
def never_used(x):
    return x


cnt = CompileCounter()


@torch.compile(fullgraph=True, backend=cnt)
def fn(x, w, b):
    return torch.relu(x @ w + b)


torch._dynamo.reset()
x, w, b = torch.randn(2, 3), torch.randn(3, 4), torch.randn(4)
assert torch.allclose(fn(x, w, b), torch.relu(x @ w + b))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
