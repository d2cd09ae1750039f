# PyTorch test/dynamo/test_modules.py NNModuleTests.test_parameters2 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


def requires_grad1(module: torch.nn.Module, recurse: bool = False) -> bool:
    return any(p.requires_grad for p in module.parameters(recurse))


class ParametersModule1(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.nn.Parameter(torch.randn(1, 10))

    def forward(self, x):
        if not requires_grad1(self):
            return F.relu(self.linear1(x)) * self.scale
        else:
            return x + 1


def requires_grad2(module: torch.nn.Module, recurse: bool = False) -> bool:
    return any(p.requires_grad for p in module.parameters(recurse))


class ParametersModule2(ParametersModule1):
    def forward(self, x):
        if not requires_grad2(self):
            return F.relu(self.linear1(x)) * self.scale
        else:
            return x + 1


module = ParametersModule2()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
