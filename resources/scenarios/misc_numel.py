# PyTorch test/dynamo/test_misc.py MiscTests.test_numel: a.numel() and torch.numel(a) are constants
# with static shapes: 2 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    return a + a.numel() + torch.numel(a)

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=2)
