# PyTorch test/dynamo/test_misc.py MiscTests.test_optimize_on_module: torch.compile of a module
# returns a wrapper that runs forward (fullgraph) and still reaches the module's own methods.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def custom_member(self):
        return "reached"

    def forward(self, x):
        return self.relu(x)


torch._dynamo.reset()
mod = Mod()
opt = torch.compile(mod, backend=CompileCounter(), fullgraph=True)
a = torch.randn(10)
assert same(mod(a), opt(a))
assert opt.custom_member() == "reached"
