# PyTorch test/dynamo/test_functions.py FunctionTests.test_reduce_with_none_initial (make_test):
# under optimize_assert (fullgraph=True) the function compiles to no graph; results equal eager ones
# on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). The initial None is a
# real initial value: (None, x), no graph (expected_frame_count=0).
import unittest

import torch
import torch._dynamo.testing

import functools


def fn(x):
    return functools.reduce(lambda a, b: (a, b), [x], None)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_frame_count=0)
