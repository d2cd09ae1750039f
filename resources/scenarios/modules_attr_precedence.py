# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_attr_precedence (guard_nn_modules):
# instance attributes (a Linear named `linear`, ints named `a`, `b`, `scale`) shadow the class's
# methods of the same names; the methods that would raise are never called. Two calls compile one
# frame and the result equals eager's. (The test's ones(3, 3) input does not fit Linear(11, 11)
# in eager either; ones(3, 11) here.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = 3

    def forward(self, x, c=4):
        return x * c

    def linear(self, x):
        return x

    def b(self, x):
        raise RuntimeError("Should not be called")


class MyMod(Mod):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(11, 11)
        self.a = 2
        self.b = 2
        self.scale = 1

    def scale(self, x):
        raise RuntimeError("Should not be called")

    def forward(self, x, c=None):
        return self.linear(x) * self.a * self.b * self.scale


with torch._dynamo.config.patch(guard_nn_modules=True):
    mod = MyMod()
    x = torch.ones(3, 11)
    ref = mod(x)
    cnts = CompileCounter()
    opt_mod = torch.compile(mod, backend=cnts)
    opt_mod(torch.ones(3, 11))
    res = opt_mod(torch.ones(3, 11))
    assert cnts.frame_count == 1, cnts.frame_count
    assert torch.allclose(ref, res)
