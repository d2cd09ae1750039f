# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_composition_with_opt_mod: the
# outer module's child is itself an OptimizedModule (compiled with the same counter). The eager
# outer call already compiles the inner module (one frame); the compiled outer module adds one
# (Dynamo: a graph break at the inner OptimizedModule): frame_count 2; results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class InnerModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        return self.relu(torch.sin(x))


inner_mod = InnerModule()
cnt = CompileCounter()
opt_inner_mod = torch.compile(inner_mod, backend=cnt)


class OuterModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = opt_inner_mod

    def forward(self, x):
        return self.mod(torch.cos(x))


outer_mod = OuterModule()
opt_outer_mod = torch.compile(outer_mod, backend=cnt)
x = torch.randn(4)
assert isinstance(opt_outer_mod, torch._dynamo.OptimizedModule)
assert same(outer_mod(x), opt_outer_mod(x))
assert cnt.frame_count == 2, cnt.frame_count
