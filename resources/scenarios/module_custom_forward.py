# Scenario: a custom module's forward: self.lin(x) (1 op), .relu() (1 op), + x (1 op) = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return self.lin(x).relu() + x


torch.manual_seed(0)
torch._dynamo.reset()
m = Block()
x = torch.randn(2, 4)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
