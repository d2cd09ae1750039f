# PyTorch test/dynamo/test_misc.py MiscTests.test_nn_module_getattribute_graph_break: an
# nn.Module whose __getattribute__ answers one name with eval("42") (untraceable): the compiled
# module falls back where it must and the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)

    def __getattribute__(self, name):
        if name == "my_attr":
            return eval("42")
        return super().__getattribute__(name)

    def forward(self, x):
        a = self.my_attr
        return self.linear(x) + a


torch._dynamo.reset()
mod = MyMod()
x = torch.randn(2, 4)
assert same(torch.compile(mod, backend=CompileCounter())(x), mod(x))
