# PyTorch test/dynamo/test_misc.py MiscTests.test_int_shape_inplace_binops: in-place operators with
# a constant on the left and a static size on the right fold: 1 op (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    n = x.shape[0]
    r = 2
    r += n
    r = 2
    r -= n
    r = 2
    r **= n
    r = 2
    r /= n
    r = 2
    r *= n
    r = 2
    r //= n
    r = 2
    r %= n
    return x + r


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
