# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_nn_mod1: `if self.relu:` on a submodule
# attribute that is a module or None picks the branch at trace time (fullgraph=True); both models
# equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Mod(torch.nn.Module):
    def __init__(self, output_relu=True):
        super().__init__()
        self.relu = torch.nn.ReLU() if output_relu else None

    def forward(self, x):
        x = torch.sin(x)
        if self.relu:
            x = self.relu(x)
        return x


for flag in (True, False):
    model = Mod(output_relu=flag)
    x = torch.rand(4)
    assert same(model(x), torch.compile(model, backend="eager", fullgraph=True)(x))
