# Scenario: torch.* functions and the @ operator.
# Nodes: torch.matmul, torch.relu, operator.matmul (a @ b), torch.tanh, operator.sub = 5 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return torch.relu(torch.matmul(a, b)) - torch.tanh(a @ b)


torch._dynamo.reset()
a, b = torch.randn(3, 4), torch.randn(4, 2)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(a, b), fn(a, b))
assert (cnt.frame_count, cnt.op_count) == (1, 5), (cnt.frame_count, cnt.op_count)
