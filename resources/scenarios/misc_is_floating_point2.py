# PyTorch test/dynamo/test_misc.py MiscTests.test_is_floating_point2: b.is_floating_point() is a
# constant: 3 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    x = a + 1.0
    if b.is_floating_point():
        x = x + b
    return x + 2.0

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=3)
