# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_monkeypatching_forward: fn calls a
# global module; two calls compile once; replacing the instance's forward
# (types.MethodType(FakeModule.forward, mod): cos -> sin) recompiles (frame_count 2) and the
# result follows the new forward. Run without and with inline_inbuilt_nn_modules.
import types

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class FakeModule(torch.nn.Module):
    def forward(self, x):
        return torch.sin(x)


class MyModule(torch.nn.Module):
    def __init__(self, x):
        super().__init__()

    def forward(self, x):
        return torch.cos(x)


def helper():
    torch._dynamo.reset()
    mod = MyModule(3)

    def fn(x):
        return mod(x)

    cnt = CompileCounter()
    opt_fn = torch.compile(fn, backend=cnt)
    x = torch.randn(10)
    opt_fn(x)
    opt_fn(x)
    assert cnt.frame_count == 1, cnt.frame_count

    mod.forward = types.MethodType(FakeModule.forward, mod)
    ref = fn(x)
    res = opt_fn(x)
    assert torch.allclose(ref, res)
    assert torch.allclose(res, torch.sin(x))
    assert cnt.frame_count == 2, cnt.frame_count


helper()
with torch._dynamo.config.patch(inline_inbuilt_nn_modules=True):
    helper()
