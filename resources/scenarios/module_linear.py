# Scenario: torch.compile on nn.Linear returns an OptimizedModule; its forward is one linear op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

torch.manual_seed(0)
torch._dynamo.reset()
m = torch.nn.Linear(4, 3)
x = torch.randn(2, 4)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt)
assert isinstance(opt, torch.nn.Module) and opt._orig_mod is m
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
# Attribute access goes to the original module.
assert opt.weight is m.weight and opt.in_features == 4
