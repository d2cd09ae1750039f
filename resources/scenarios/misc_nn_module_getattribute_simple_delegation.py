# PyTorch test/dynamo/test_misc.py MiscTests.test_nn_module_getattribute_simple_delegation: an
# nn.Module whose __getattribute__ maps one name to another attribute (my_scale -> scale),
# compiled directly: x * 3.0, equal to eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 3.0

    def __getattribute__(self, name):
        if name == "my_scale":
            return super().__getattribute__("scale")
        return super().__getattribute__(name)

    def forward(self, x):
        return x * self.my_scale


torch._dynamo.reset()
mod = MyMod()
x = torch.randn(2, 4)
assert same(torch.compile(mod, backend=CompileCounter())(x), mod(x))
