# PyTorch test/dynamo/test_functions.py FunctionTests.test_add_ (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    a_copy = torch.tensor(a)
    return a_copy.add_(b, alpha=5.0)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
