# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_dir: dir() of an OptimizedModule
# lists the wrapped module's user attributes, parameters and buffers (linear, buf0, param0) and
# every name dir() of the module lists.
import torch
import torch._dynamo


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10)
        self.register_buffer("buf0", torch.randn(10, 10))
        self.register_parameter(name="param0", param=torch.nn.Parameter(torch.randn(10, 10)))

    def forward(self, x):
        return self.r(torch.sin(x)) + self.buf0


mod = MockModule()
mod_keys = dir(mod)
opt_mod = torch.compile(mod, backend="eager")
opt_mod_keys = dir(opt_mod)
assert "linear" in opt_mod_keys
assert "buf0" in opt_mod_keys
assert "param0" in opt_mod_keys
assert len(set(mod_keys).difference(opt_mod_keys)) == 0, set(mod_keys).difference(opt_mod_keys)
