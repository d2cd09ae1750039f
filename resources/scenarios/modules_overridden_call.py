# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_overridden_call: a module class
# that overrides __call__ (5 * self.forward(x)); calling it in a fullgraph-compiled function runs
# the override, as eager does: 15 * ones(4).
import torch
import torch._dynamo


class OverRiddenCallModule(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def __call__(self, x):
        return 5 * self.forward(x)

    def forward(self, x):
        return x * 3


m = OverRiddenCallModule()


def fn(x):
    return m(x)


x = torch.ones(4)
ref = fn(x)
with torch._dynamo.config.patch(inline_inbuilt_nn_modules=True):
    res = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(ref, res)
assert torch.equal(res, 15 * x)
