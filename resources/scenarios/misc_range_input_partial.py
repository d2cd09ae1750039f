# PyTorch test/dynamo/test_misc.py MiscTests.test_range_input: test_range_input: a range bound by
# functools.partial is unrolled: 3 ops (standard_test).
import unittest

import functools
import torch
import torch._dynamo.testing


def inner(a, rng):
    x = a
    for i in rng:
        x = x + i
    return x


fn = functools.partial(inner, rng=range(3))

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=3)
