# PyTorch test/dynamo/test_misc.py MiscTests.test_compare_shapes_eq: `==` between two shapes, as
# lists and as torch.Size, decides the branch at trace time (standard_test, 1 graph each).
import unittest

import torch
import torch._dynamo.testing


def compare(a, b, as_list):
    x = list(a.unsqueeze(-1).shape) if as_list else a.shape
    y = list(b.unsqueeze(-1).shape) if as_list else b.shape
    if x == y:
        return a + 1
    return a + 2


case = unittest.TestCase()
torch._dynamo.testing.standard_test(case, lambda a, b: compare(a, b, as_list=True), nargs=2)
torch._dynamo.testing.standard_test(case, lambda a, b: compare(a, b, as_list=False), nargs=2)
