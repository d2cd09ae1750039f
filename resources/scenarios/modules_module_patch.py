# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_module_patch: a module whose class
# has no forward gets one as an instance attribute (types.MethodType(ModulePatch2.forward, mod));
# calling the module inside a fullgraph-compiled function runs the patched forward (x - 1), so
# ones(10) gives zeros.
import types

import torch
import torch._dynamo


class ModulePatch1(torch.nn.Module):
    pass


class ModulePatch2(torch.nn.Module):
    def forward(self, x):
        return x - 1


mod = ModulePatch1()
mod.forward = types.MethodType(ModulePatch2.forward, mod)


def fn(x):
    return mod(x)


assert torch.allclose(
    torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(10)), torch.zeros(1)
)
