# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_lambda (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import functools


def fn(x):
    multiply = lambda x, y: x * y  # noqa: E731
    triple = functools.partial(multiply, y=3)
    return triple(x)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
