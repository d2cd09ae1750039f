# PyTorch test/dynamo/test_misc.py MiscTests.test_list_iadd_with_shape: list += list and
# list += tuple: 6 adds/subs (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a):
    out = [a + a.shape[0], a - a.shape[0]]
    out += [a - a.shape[0], a + a.shape[0]]
    out += (a + a.shape[0], a - a.shape[0])
    return out


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=6)
