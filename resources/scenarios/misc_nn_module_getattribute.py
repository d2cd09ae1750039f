# PyTorch test/dynamo/test_misc.py MiscTests.test_nn_module_getattribute: an nn.Module overriding
# __getattribute__ (one name answered with a new tensor), called from the compiled function:
# the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.my_number = 42

    def __getattribute__(self, name):
        if name == "special_attr":
            return torch.tensor([[1, 2], [3, 4]])
        return super().__getattribute__(name)

    def forward(self, x):
        return self.my_number * x + self.special_attr * x


def fn(mod, x):
    return mod(x)


torch._dynamo.reset()
mod = MyMod()
x = torch.rand((2, 2))
assert same(torch.compile(fn, backend=CompileCounter())(mod, x), fn(mod, x))
