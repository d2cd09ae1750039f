# PyTorch test/dynamo/test_misc.py MiscTests.test_tuple_mul_with_shape: a tuple holding a static
# size, repeated and indexed, folds: 1 op (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    n = a.shape[0]
    t = 2 * (n, 3) * 2
    return a + t[4]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
