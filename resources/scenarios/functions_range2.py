# PyTorch test/dynamo/test_functions.py FunctionTests.test_range2 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x, y):
    r = x + y
    for i in range(x.size(0) + 2):
        r = r / y
    return r


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
