# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_recompile_limit_on_freed_module
# (accumulated_recompile_limit 2, inline_inbuilt_nn_modules False): fn(x, mod) called with eight
# fresh module instances compiles twice and then stops: frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(5, 5)

    def forward(self, x):
        return self.lin(x)


def fn(x, mod):
    return mod(x)


with torch._dynamo.config.patch(accumulated_recompile_limit=2, inline_inbuilt_nn_modules=False):
    cnts = CompileCounterWithBackend("eager")
    opt_mod = torch.compile(fn, backend=cnts)
    for i in range(8):
        mod = Mod()
        x = torch.randn(5, 5)
        assert torch.allclose(opt_mod(x, mod), mod(x))
    assert cnts.frame_count == 2, cnts.frame_count
