# PyTorch test/dynamo/test_modules.py NNModuleTests.test_module_guard_name_is_valid (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
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


class ModuleGuardNameIsValid(torch.nn.ModuleDict):
    # submodule names that are not Python identifiers
    def __init__(self):
        super().__init__()
        for i in range(2):
            self.add_module(f"l@yer-{i + 1:d}", BasicModule())

    def forward(self, x):
        for layer in self.values():
            x = layer(x)
        return x


module = ModuleGuardNameIsValid()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
