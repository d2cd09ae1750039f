# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_attr: an OptimizedModule's
# parameters() and buffers() are the original module's objects (same ids); and a compiled
# function taking the module returns next(itertools.chain(mod.parameters(), mod.buffers())).dtype,
# torch.float32.
import itertools

import torch
import torch._dynamo


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10)
        self.register_buffer("buf0", torch.randn(10, 10))

    def forward(self, x):
        return self.r(torch.sin(x)) + self.buf0


mod = MockModule()
opt_mod = torch.compile(mod, backend="eager")
for p1, p2 in zip(mod.parameters(), opt_mod.parameters()):
    assert id(p1) == id(p2)
for b1, b2 in zip(mod.buffers(), opt_mod.buffers()):
    assert id(b1) == id(b2)


def get_parameter_dtype(mod: torch.nn.Module):
    parameters_and_buffers = itertools.chain(mod.parameters(), mod.buffers())
    return next(parameters_and_buffers).dtype


opt_get = torch.compile(get_parameter_dtype, backend="eager")
out_dtype = opt_get(mod)
assert out_dtype == torch.float32, out_dtype
