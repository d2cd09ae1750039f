# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_to: OptimizedModule.to(...) returns
# the OptimizedModule; a second call with the same input does not recompile (1 frame); after
# .to(dtype=float64) a float64 input recompiles (2), a repeat does not (2), and after
# torch._dynamo.reset() the next call compiles again (3).
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
x = torch.randn(10, 10)
assert same(mod(x), opt_mod(x))
assert cnt.frame_count == 1
opt_mod(x)
assert cnt.frame_count == 1

opt_mod = opt_mod.to(device="cpu").to(dtype=torch.float64)
assert isinstance(opt_mod, torch._dynamo.OptimizedModule)
x = torch.randn(10, 10).to(dtype=torch.float64)
res = opt_mod(x)
assert res.dtype == torch.float64
assert same(res, mod(x))
assert cnt.frame_count == 2, cnt.frame_count
opt_mod(x)
assert cnt.frame_count == 2, cnt.frame_count

torch._dynamo.reset()
opt_mod(x)
assert cnt.frame_count == 3, cnt.frame_count
