# PyTorch test/dynamo/test_modules.py test_recompile_limit_on_guarded_nn_modules
# (OptimizedModuleTest):
# four compiled instances of one submodule class, called with inputs of 1, 2 and 3 dimensions
# under recompile_limit 2. With inlined built-in modules the instances share entries: two
# compiles (the third rank hits the limit and runs eagerly): frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend

cnts = CompileCounterWithBackend("eager")


class SubModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()

    def forward(self, x):
        a = torch.sin(torch.cos(x))
        return self.relu(a)


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mods = [SubModule() for _ in range(4)]
        self.mods = [torch.compile(mod, backend=cnts) for mod in self.mods]

    def forward(self, x):
        for mod in self.mods:
            x = mod(x)
        return x


mod = MockModule()
with torch._dynamo.config.patch(recompile_limit=2):
    for size in [(4,), (4, 4), (4, 4, 4)]:
        x = torch.randn(size)
        out = mod(x)
        ref = x
        for _ in range(4):
            ref = torch.relu(torch.sin(torch.cos(ref)))
        assert torch.allclose(out, ref)
assert cnts.frame_count == 2, cnts.frame_count
