# PyTorch test/dynamo/test_misc.py MiscTests.test_int_shape_binops: int arithmetic on a static
# size (constant on the left: reflected operators) folds to one constant: 1 op (standard_test,
# static shapes as Dynamo's default).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    n = 15 - x.shape[0]
    n = 4 + n
    n = 5 * n
    n = 2 % n
    n = 3 ** n
    n = 10 // n
    n = pow(2, n)
    n = 10 / n
    return x + n


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
