# PyTorch test/dynamo/test_functions.py FunctionTests.test_namedtuple_defaults (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(a, b):
    mytuple = collections.namedtuple("mytuple", ["x", "y", "xy"], defaults=(None, 1, None))
    tmp = mytuple(a, xy=b)
    return mytuple(tmp.x, tmp[1], tmp.xy + b)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
