# PyTorch test/dynamo/test_modules.py NNModuleTests.test_moduledict_custom (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class CustomGetItemModuleDict(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleDict({"0": torch.nn.Linear(10, 10)})

    def __getitem__(self, key: str):
        return self.layers[key]

    def forward(self, x):
        x = self["0"](x)
        return x


module = CustomGetItemModuleDict()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
