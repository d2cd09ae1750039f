# PyTorch test/dynamo/test_modules.py NNModuleTests.test_istraining1 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
# Also test/dynamo/test_modules.py NNModuleTests.test_istraining2: make_test on a second
# instance of the same class, the same test.
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class IsTrainingCheck(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.linear2 = torch.nn.Linear(10, 10)
        self.train(True)

    def forward(self, x):
        if self.training:
            mod = self.linear1
        else:
            mod = self.linear2
        return F.relu(mod(x))


module = IsTrainingCheck()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
