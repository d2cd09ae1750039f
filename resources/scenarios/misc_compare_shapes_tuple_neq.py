# PyTorch test/dynamo/test_misc.py MiscTests.test_compare_shapes_tuple_neq: tuple(shape) !=
# tuple(shape) is decided at trace time (standard_test, 1 graph).
import unittest

import torch
import torch._dynamo.testing


def compare(a, b):
    if tuple(a.unsqueeze(-1).shape) != tuple(b.unsqueeze(-1).shape):
        return a + 1
    return a + 2


torch._dynamo.testing.standard_test(unittest.TestCase(), compare, nargs=2)
