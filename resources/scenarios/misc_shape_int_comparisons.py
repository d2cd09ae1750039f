# PyTorch test/dynamo/test_misc.py MiscTests.test_shape_int_comparisons: a static size compared with
# constants on the right picks a branch at trace time: 1 op (standard_test, 10x10 inputs).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    n = x.shape[0]
    if n != 10:
        k = 1
    elif n < 2:
        k = 1
    elif n > 12:
        k = 1
    elif n >= 12:
        k = 1
    elif n <= 2:
        k = 1
    elif n == 10:
        k = 2
    else:
        k = 1
    return x + k


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
