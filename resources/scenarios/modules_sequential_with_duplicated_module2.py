# PyTorch test/dynamo/test_modules.py NNModuleTests.test_sequential_with_duplicated_module2 (make_test): the module (in
# eval mode) compiles under optimize_assert (fullgraph=True) to one graph; results equal
# eager ones on two 10x10 inputs, each called twice (Dynamo's standard_test).
import collections
import unittest

import torch
import torch._dynamo.testing
import torch.nn.functional as F


class SequentialWithDuplicatedModule2(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.relu = torch.nn.ReLU()
        self.layer = torch.nn.Sequential(
            collections.OrderedDict(
                [
                    ("linear1", torch.nn.Linear(10, 20)),
                    ("relu1", self.relu),
                    ("linear2", torch.nn.Linear(20, 20)),
                    ("relu2", self.relu),
                    ("linear3", torch.nn.Linear(20, 10)),
                    ("relu3", self.relu),
                ]
            )
        )

    def forward(self, x):
        return self.layer(x)


module = SequentialWithDuplicatedModule2()
module.eval()
torch._dynamo.testing.standard_test(unittest.TestCase(), module, nargs=1)
