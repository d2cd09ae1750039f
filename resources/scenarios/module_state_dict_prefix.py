# Scenario: the OptimizedModule wrapper holds the module as `_orig_mod` (Dynamo's layout):
# state_dict keys carry the prefix, parameters are shared, train/eval reach the original.
# forward = lin (1 op) + sigmoid (1 op).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 2)

    def forward(self, x):
        return self.lin(x).sigmoid()


torch.manual_seed(0)
torch._dynamo.reset()
m = Net()
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt)
assert sorted(opt.state_dict()) == ["_orig_mod.lin.bias", "_orig_mod.lin.weight"]
assert [id(p) for p in opt.parameters()] == [id(p) for p in m.parameters()]
assert opt.lin is m.lin
opt.eval()
assert not m.training
x = torch.randn(4, 3)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
