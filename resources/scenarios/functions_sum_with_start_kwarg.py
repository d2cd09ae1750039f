# PyTorch test/dynamo/test_functions.py FunctionTests.test_sum_with_start_kwarg (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b, c, d):
    return sum([b, c, d], start=a)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=4)
