# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_custom_getattr_on_module_exception:
# an nn.Module whose __getattr__ defers to nn.Module.__getattr__ and, on its AttributeError,
# maps one extra name to a parameter. forward reads both; fullgraph=True, result equals eager.
import torch


class WithAlias(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_parameter("a", torch.nn.Parameter(torch.ones(4) * 2))

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            if name == "a_copy":
                return self.a
            raise

    def forward(self, x):
        return x * self.a * self.a_copy


mod = WithAlias()
x = torch.ones(4)
expected = mod(x)
got = torch.compile(mod, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected), (got, expected)
