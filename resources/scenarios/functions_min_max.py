# PyTorch test/dynamo/test_functions.py FunctionTests.test_min_max (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    c = a + b
    a = a.sum()
    b = b.sum()
    a = min(max(a, 0), 1)
    b = max(0, min(1, b))
    return max(a, b) - min(a, b) + c


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
