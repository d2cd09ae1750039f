# PyTorch test/dynamo/test_misc.py MiscTests.test_build_tuple_unpack: test_build_tuple_unpack: a
# call through *(*t1, *t2) is inlined: 2 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn1(a, b, c):
    return a - b / c


def fn(a, b, c):
    tmp1 = (a,)
    tmp2 = (b, c)
    args = (*tmp1, *tmp2)
    return fn1(*args)

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=3, expected_ops=2)
