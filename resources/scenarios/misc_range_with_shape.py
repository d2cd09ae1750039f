# PyTorch test/dynamo/test_misc.py MiscTests.test_range_with_shape: range(1, a.shape[0]) over a
# static size unrolls: 9 in-place adds on a 10x10 input (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    for _ in range(1, a.shape[0]):
        a += 1
    return a


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=9)
