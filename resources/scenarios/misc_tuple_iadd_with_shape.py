# PyTorch test/dynamo/test_misc.py MiscTests.test_tuple_iadd_with_shape: tuple += tuple (of tensors,
# then of constants) keeps the four adds/subs: 4 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    out = (a + a.shape[0], a - a.shape[0])
    out += (a - a.shape[0], a + a.shape[0])
    out += (2, 3)
    return out


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=4)
