# Scenario: a @property of a module is Python code like any other: Dynamo inlines its getter, so
# the doubling of the weight is a graph node (no break, no eager side computation). Nodes:
# mul (weight * 2), linear = 2 ops (fullgraph).
import torch
import torch._dynamo
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter


class Doubled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    @property
    def weight2(self):
        return self.lin.weight * 2

    def forward(self, x):
        return F.linear(x, self.weight2, self.lin.bias)


torch._dynamo.reset()
m = Doubled()
x = torch.randn(2, 4)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt, fullgraph=True)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
