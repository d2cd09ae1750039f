# PyTorch test/dynamo/test_modules.py NNModuleTests.test_parameterdict_custom (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class CustomGetItemParameterDict(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ParameterDict({"0": torch.nn.Parameter(torch.randn(10, 10))})

    def __getitem__(self, key: str):
        return self.layers[key]

    def forward(self, x):
        x = self["0"].mm(x)
        return x


module = CustomGetItemParameterDict()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
