# PyTorch test/dynamo/test_misc.py MiscTests.test_int_shape_comparisons: constants on the left of a
# static size: the branch is picked at trace time: 1 op (standard_test, 10x10 inputs).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    n = x.shape[0]
    if 10 != n:
        k = 1
    elif 12 < n:
        k = 1
    elif 2 > n:
        k = 1
    elif 2 >= n:
        k = 1
    elif 12 <= n:
        k = 1
    elif 10 == n:
        k = 2
    else:
        k = 1
    return x + k


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
