# PyTorch test/dynamo/test_misc.py MiscTests.test_min_max_over_iterable: min and max over a list,
# an iterator, a tuple and varargs of sizes and constants fold: 1 op each (standard_test).
import unittest

import torch
import torch._dynamo.testing


def make(func):
    def _fn(a, b, func=func):
        values = [a.shape[0] + 1, 8, a.shape[0]]
        p = func(values)
        q = func(iter(values))
        r = func(tuple(values))
        s = func(*values)
        return a + (p + q + r + s)

    return _fn


case = unittest.TestCase()
torch._dynamo.testing.standard_test(case, make(min), nargs=2, expected_ops=1)
torch._dynamo.testing.standard_test(case, make(max), nargs=2, expected_ops=1)
