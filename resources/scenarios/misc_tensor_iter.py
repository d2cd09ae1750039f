# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_iter: `for row in x` over a 10x10 tensor
# unrolls into 10 rows, each add_ in place: 20 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    for row in x:
        row.add_(1.0)
    return row


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=20)
