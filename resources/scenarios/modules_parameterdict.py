# PyTorch test/dynamo/test_modules.py NNModuleTests.test_parameterdict (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class ParameterDict(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ParameterDict({"0": torch.nn.Parameter(torch.randn(10, 10))})

    def forward(self, x):
        x = self.layers["0"].mm(x)
        return x


module = ParameterDict()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
