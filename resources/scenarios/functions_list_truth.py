# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_truth (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    tmp = [1, 2, 3]
    if tmp:
        return a + b
    else:
        return a - b


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
