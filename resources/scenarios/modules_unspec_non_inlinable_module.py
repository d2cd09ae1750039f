# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_unspec_non_inlinable_module: a
# module marked torchdynamo_force_dynamic whose forward branches on x.sum() > 0 (a
# data-dependent branch, so a graph break); compiled, the result equals eager's.
import torch
import torch._dynamo


class UnspecNonInlinableModule(torch.nn.Module):
    torchdynamo_force_dynamic = True

    def forward(self, x):
        if x.sum() > 0:
            return x + 1
        else:
            return x - 1


mod = UnspecNonInlinableModule()
opt_fn = torch.compile(mod, backend="eager")
x = torch.randn(100)
actual = opt_fn(x)
expected = mod(x)
assert torch.equal(actual, expected)
