# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_add (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    l1 = (a, b)
    l2 = ()  # a LOAD_CONST
    l3 = l1 + l2
    return l3[0] + l3[1]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
