# PyTorch test/dynamo/test_functions.py FunctionTests.test_reduce_with_initial (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import functools
import operator


def fn(a, b, c, d):
    return functools.reduce(operator.add, [b, c, d], a)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=4)
