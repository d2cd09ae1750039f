# PyTorch test/dynamo/test_misc.py MiscTests.test_pair: nn.modules.utils._pair/_ntuple (closures)
# on sizes: 5 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    return (
        torch.zeros(torch.nn.modules.utils._pair(a.size()))
        + a
        + torch.ones(torch.nn.modules.utils._ntuple(3)(3)).sum()
    )

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=5)
