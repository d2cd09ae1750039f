# Scenario: nn.Sequential(Linear, ReLU, Linear): the three submodule calls are in one graph
# (call_module nodes, or their inlined functional calls in newer Dynamo): 3 ops either way.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

torch.manual_seed(0)
torch._dynamo.reset()
m = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
x = torch.randn(3, 4)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
