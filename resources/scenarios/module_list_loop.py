# Scenario: iterating an nn.ModuleList in forward unrolls into one graph: 3 linear layers and a
# tanh after each = 6 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(torch.nn.Linear(5, 5) for _ in range(3))

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x


torch.manual_seed(0)
torch._dynamo.reset()
m = Stack()
x = torch.randn(2, 5)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 6), (cnt.frame_count, cnt.op_count)
