# PyTorch test/dynamo/test_modules.py NNModuleTests.test_modulelist (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class ModuleList(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList(
            [torch.nn.Linear(10, 10), torch.nn.ReLU(), torch.nn.Linear(10, 10), torch.nn.ReLU()]
        )

    def forward(self, x):
        for i in range(len(self.layers)):
            x = self.layers[i](x)
        for layer in self.layers:
            x = layer(x)
        for layer, val in zip(self.layers, (x, x, x, x)):
            x = layer(x) + val
        for layer, val in zip(self.layers, (1, 2, 3, 4)):
            x = layer(x) + val
        for idx, layer in enumerate(self.layers):
            x = layer(x) * idx
        for idx, layer in enumerate(self.layers[::-1]):
            x = layer(x) * idx
        return x


module = ModuleList()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
