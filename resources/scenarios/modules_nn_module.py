# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_nn_module: torch.compile(module)
# returns a torch._dynamo.OptimizedModule; one call compiles one frame and equals eager's result.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()
        self.linear = torch.nn.Linear(10, 10)
        self.register_buffer("buf0", torch.randn(10, 10))

    def forward(self, x):
        return self.relu(self.linear(x) + self.buf0)


mod = MockModule()
cnt = CompileCounter()
opt_mod = torch.compile(mod, backend=cnt)
assert isinstance(opt_mod, torch._dynamo.OptimizedModule)
x = torch.randn(10, 10)
assert same(mod(x), opt_mod(x))
assert cnt.frame_count == 1, cnt.frame_count
