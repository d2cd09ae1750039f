# PyTorch test/dynamo/test_modules.py NNModuleTests.test_fnmembercmp1 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class FnMemberCmp(torch.nn.Module):
    def __init__(self, activation):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.activation = activation

    def forward(self, x):
        x = self.linear1(x)
        if self.activation is not None:
            x = self.activation(x)
        if self.activation is None:
            x = torch.sigmoid(x)
        return x


module = FnMemberCmp(F.relu)
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
