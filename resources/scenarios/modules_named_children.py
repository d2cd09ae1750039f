# PyTorch test/dynamo/test_modules.py NNModuleTests.test_named_children (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class NamedChildren(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(10, 10)
        self.l2 = torch.nn.ReLU()
        self.l3 = torch.nn.Linear(10, 10)
        self.l4 = torch.nn.ReLU()

    def forward(self, x):
        for _, block in self.named_children():
            x = block(x)
        return x


module = NamedChildren()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
