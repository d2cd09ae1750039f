# PyTorch test/dynamo/test_modules.py NNModuleTests.test_layerlist (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class LayerList(torch.nn.Module):
    def __init__(self):
        super().__init__()
        # a plain Python list of modules (not a ModuleList)
        self.layers = [torch.nn.Linear(10, 10), torch.nn.ReLU(), torch.nn.Linear(10, 10)]

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


module = LayerList()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
