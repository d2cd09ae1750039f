# PyTorch test/dynamo/test_misc.py MiscTests.test_dunder_new_function_inlining: an nn.Module class
# whose __new__ returns an instance of another module class (ModelB() gives a ModelA), made and
# called in forward next to a Linear (fullgraph=True): equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class ModelA(torch.nn.Module):
    def forward(self, x):
        return torch.tanh(x + 1)


class ModelB(torch.nn.Module):
    def __new__(cls):
        return ModelA()


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(2, 2)

    def forward(self, x):
        other = ModelB()
        return self.layer(x) + other(x)


torch._dynamo.reset()
x = torch.rand(2, 2)
m = Model()
assert same(torch.compile(backend="eager", fullgraph=True)(m)(x), m(x))
