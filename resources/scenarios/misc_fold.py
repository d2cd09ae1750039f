# PyTorch test/dynamo/test_misc.py MiscTests.test_fold: math.sqrt of a constant folds: 1 op
# (standard_test).
import unittest

import math
import torch
import torch._dynamo.testing


def fn(a):
    return a + math.sqrt(63)

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
