# Scenario: gradients flow through a compiled module exactly as through the eager one.
# forward = lin, relu, sum (call_method) = 3 ops.
import copy

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return torch.relu(self.lin(x)).sum()


torch.manual_seed(0)
torch._dynamo.reset()
eager = Net()
compiled_copy = copy.deepcopy(eager)
cnt = CompileCounter()
opt = torch.compile(compiled_copy, backend=cnt)
x = torch.randn(2, 4)
eager(x).backward()
opt(x).backward()
assert torch.allclose(eager.lin.weight.grad, compiled_copy.lin.weight.grad)
assert torch.allclose(eager.lin.bias.grad, compiled_copy.lin.bias.grad)
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
