# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_guard_on_torch_nn_modules
# (guard_nn_modules, pytorch#110048): generate(x, c) calls a global module and adds c; ten rounds
# with c = 0 and c = 1 compile twice (the int is specialised); changing the module's int
# attribute (multiplier 10 -> 11) recompiles: frame_count 3. Results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class MockModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10)
        self.multiplier = 10

    def forward(self, x):
        return self.linear(x) * self.multiplier


mod = MockModule()
cnt = CompileCounter()


def generate(x, c):
    return mod(x) + c


with torch._dynamo.config.patch(guard_nn_modules=True):
    opt_generate = torch.compile(generate, backend=cnt)
    for _ in range(0, 10):
        x = torch.randn(10, 10)
        assert torch.allclose(opt_generate(x, 0), generate(x, 0))
        assert torch.allclose(opt_generate(x, 1), generate(x, 1))
    assert cnt.frame_count == 2, cnt.frame_count

    mod.multiplier = 11
    x = torch.randn(10, 10)
    assert torch.allclose(opt_generate(x, 0), generate(x, 0))
    assert cnt.frame_count == 3, cnt.frame_count
