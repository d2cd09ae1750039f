# PyTorch test/dynamo/test_misc.py MiscTests.test_build_tuple_unpack: test_build_tuple_unpack
# (fn3): *args forwarded to an inlined call: 2 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn1(a, b, c):
    return a - b / c


def fn(a, *args):
    return fn1(a, *args)

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=3, expected_ops=2)
