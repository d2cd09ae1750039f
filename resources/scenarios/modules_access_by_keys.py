# PyTorch test/dynamo/test_modules.py NNModuleTests.test_access_by_keys (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class _Block(torch.nn.Module):
    def forward(self, x):
        return 1.5 * torch.cat(x, 1)


class AccessByKeys(torch.nn.ModuleDict):
    def __init__(self, num_layers: int = 3):
        super().__init__()
        for i in range(num_layers):
            self.add_module(f"denselayer{i + 1:d}", _Block())

    def forward(self, init_features):
        features = [init_features]
        for k in self.keys():
            new_features = self[k](features)
            features.append(new_features)
        return torch.cat(features, 1)


module = AccessByKeys()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
