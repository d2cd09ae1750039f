# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_nn_mod2: the truth value of an empty
# nn.Sequential is False (its __len__), decided at trace time; equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Sequential()

    def forward(self, x):
        if self.layer:
            return x + 1
        return x - 1


model = Mod()
x = torch.rand(4)
assert same(model(x), torch.compile(backend="eager")(model)(x))
