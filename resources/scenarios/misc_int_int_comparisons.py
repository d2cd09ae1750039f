# PyTorch test/dynamo/test_misc.py MiscTests.test_int_int_comparisons: comparisons of two int
# constants pick a branch at trace time: 1 op (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    if 3 != 3:
        k = 1
    elif 3 < 1:
        k = 1
    elif 1 > 3:
        k = 1
    elif 1 >= 3:
        k = 1
    elif 3 <= 1:
        k = 1
    elif 3 == 3:
        k = 2
    else:
        k = 1
    return x + k


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
