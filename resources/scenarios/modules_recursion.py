# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_recursion: torch.compile applied
# six times in a row (each to the previous OptimizedModule) still compiles the module once:
# frame_count 1 after one call.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


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
for _ in range(5):
    opt_mod = torch.compile(opt_mod, backend=cnt)
x = torch.randn(10, 10)
assert torch.allclose(opt_mod(x), mod(x))
assert cnt.frame_count == 1, cnt.frame_count
