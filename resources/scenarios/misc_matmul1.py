# PyTorch test/dynamo/test_misc.py MiscTests.test_matmul1: the @ operator is one op
# (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    return a @ b

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=1)
