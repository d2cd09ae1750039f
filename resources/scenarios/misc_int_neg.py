# PyTorch test/dynamo/test_misc.py MiscTests.test_int_neg: unary minus on static sizes folds into
# the tensor expression (standard_test, 1 graph).
import unittest

import torch
import torch._dynamo.testing


def int_neg(a, b):
    x = a.shape[0]
    y = b.shape[0]
    return -x * -y * a * b


torch._dynamo.testing.standard_test(unittest.TestCase(), int_neg, nargs=2)
