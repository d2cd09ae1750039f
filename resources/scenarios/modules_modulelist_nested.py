# PyTorch test/dynamo/test_modules.py NNModuleTests.test_modulelist_nested (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class NestedModuleList(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([])
        for _ in range(3):
            self.layers.append(torch.nn.ModuleList([torch.nn.Linear(10, 10), torch.nn.ReLU()]))

    def forward(self, x):
        for layer, act in self.layers:
            x = act(layer(x))
        return x


module = NestedModuleList()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
