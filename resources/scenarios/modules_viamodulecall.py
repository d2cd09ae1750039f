# PyTorch test/dynamo/test_modules.py NNModuleTests.test_viamodulecall (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


def constant3(a, b):
    return a - b + (1.0 + 2)


class ViaModuleCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)

    def forward(self, x):
        return constant3(torch.sigmoid(self.linear1(x)), x)


module = ViaModuleCall()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
