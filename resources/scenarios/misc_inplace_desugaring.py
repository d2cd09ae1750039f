# PyTorch test/dynamo/test_misc.py MiscTests.test_inplace_desugaring: `+=` / `-=` on a Python int
# with a tensor on the right become out-of-place tensor ops: 2 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(t):
    left = 1
    left += t
    right = 1
    right -= t
    return left, right


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=2)
