# PyTorch test/dynamo/test_functions.py FunctionTests.test_const_tuple_add1 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    output = (x, x + 1, x + 2, x + 3)
    output = () + output + ()
    return output[2] + output[3]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
