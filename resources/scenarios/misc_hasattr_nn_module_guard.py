# PyTorch test/dynamo/test_misc.py MiscTests.test_hasattr_nn_module_guard: hasattr(self, "a") for a
# submodule is True at trace time; forward equals eager.
import torch
import torch._dynamo


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(3, 3)

    def forward(self, x):
        if hasattr(self, "a"):
            return self.a(x)
        return x


m = M()
x = torch.randn(3, 3)
assert torch.allclose(m(x), torch.compile(backend="eager")(m)(x))
