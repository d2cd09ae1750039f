# PyTorch test/dynamo/test_modules.py NNModuleTests.test_submodules1 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
# Also test/dynamo/test_modules.py NNModuleTests.test_submodules2: make_test on a second
# instance of the same class, the same test.
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        return F.relu(self.linear1(x)) * self.scale


class SubmoduleExample(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.layer2 = BasicModule()
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x)
        x = self.layer2(x)
        return x * self.scale


module = SubmoduleExample()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
