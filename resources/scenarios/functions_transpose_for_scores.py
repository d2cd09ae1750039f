# PyTorch test/dynamo/test_functions.py FunctionTests.test_transpose_for_scores (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    new_x_shape = x.size()[:-1] + (2, 5)
    x = x.view(*new_x_shape)
    return x.permute(0, 2, 1)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
