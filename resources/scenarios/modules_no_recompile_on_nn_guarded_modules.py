# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_no_recompile_on_nn_guarded_modules
# and test/dynamo/test_modules.py OptimizedModuleTest.test_inline_inbuilt_nn_modules (the same
# body; the second sets inline_inbuilt_nn_modules):
# four instances of one submodule class, each wrapped in its own torch.compile, called in turn
# with recompile_limit 1 and error_on_recompile. With inlined built-in modules (Dynamo 2.5+, and
# here) the four share one cache entry: frame_count 1 and no recompile error.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend

size = (10, 10)
cnts = CompileCounterWithBackend("eager")


class SubModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(*size)

    def forward(self, x):
        a = torch.sin(torch.cos(x))
        return self.linear(a)


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
with torch._dynamo.config.patch(
    inline_inbuilt_nn_modules=True, error_on_recompile=True, recompile_limit=1
):
    x = torch.randn(*size, requires_grad=True)
    out = mod(x)
    ref = x
    for m in mod.mods:
        ref = m._orig_mod(ref)
    assert torch.allclose(out, ref)
    assert cnts.frame_count == 1, cnts.frame_count
