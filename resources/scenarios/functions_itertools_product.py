# PyTorch test/dynamo/test_functions.py FunctionTests.test_itertools_product (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import itertools


def fn(a, b):
    v = a
    for x, i in itertools.product([a, b], [1, 2]):
        v = v + x * i
    return v


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
