# PyTorch test/dynamo/test_modules.py NNModuleTests.test_parameters5 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class ParametersModule5(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.nn.Parameter(torch.randn(10, 10))
        self.scale_dup = self.scale

    def forward(self, x):
        counter = 0
        for param in self.parameters():
            counter += 1
        return x * self.scale * counter


module = ParametersModule5()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
