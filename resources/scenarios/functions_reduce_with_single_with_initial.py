# PyTorch test/dynamo/test_functions.py FunctionTests.test_reduce_with_single_with_initial
# (make_test): under optimize_assert (fullgraph=True) the function compiles to no graph; results
# equal eager ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). reduce
# builds a tuple of the inputs only: no graph (expected_frame_count=0).
import unittest

import torch
import torch._dynamo.testing

import functools


def fn(x, y):
    return functools.reduce(lambda a, b: (a, b), [y], x)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_frame_count=0)
