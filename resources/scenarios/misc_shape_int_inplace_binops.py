# PyTorch test/dynamo/test_misc.py MiscTests.test_shape_int_inplace_binops: in-place int operators
# on a static size fold to a constant: 1 op (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    k = x.shape[0]
    k += 2
    k -= 2
    k **= 2
    k /= 2
    k *= 2
    k //= 2
    k %= 2
    return x + k


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
