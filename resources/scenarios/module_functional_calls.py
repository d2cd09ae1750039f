# Scenario: torch.nn.functional calls with keyword arguments: relu, softmax(dim=-1),
# layer_norm = 3 ops.
import torch
import torch._dynamo
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter


def fn(x):
    return F.layer_norm(F.softmax(F.relu(x), dim=-1), (4,))


torch._dynamo.reset()
x = torch.randn(3, 4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x), atol=1e-6)
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
