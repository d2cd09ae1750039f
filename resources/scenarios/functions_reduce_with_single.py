# PyTorch test/dynamo/test_functions.py FunctionTests.test_reduce_with_single (make_test): under
# optimize_assert (fullgraph=True) the function compiles to no graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). reduce over one item returns
# it without calling the lambda: no graph (expected_frame_count=0).
import unittest

import torch
import torch._dynamo.testing

import functools


def fn(x):
    return functools.reduce(lambda a, b: (a, b), [x])


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_frame_count=0)
