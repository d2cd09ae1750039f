# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_composition: an outer module whose
# child is a plain (uncompiled) module; compiling the outer one gives an OptimizedModule that
# compiles one frame, and the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class InnerModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(torch.sin(x))


opt_inner_mod = InnerModule()


class OuterModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = opt_inner_mod

    def forward(self, x):
        return self.mod(torch.cos(x))


outer_mod = OuterModule()
cnt = CompileCounter()
opt_outer_mod = torch.compile(outer_mod, backend=cnt)
x = torch.randn(4)
assert isinstance(opt_outer_mod, torch._dynamo.OptimizedModule)
assert same(outer_mod(x), opt_outer_mod(x))
assert cnt.frame_count == 1, cnt.frame_count
