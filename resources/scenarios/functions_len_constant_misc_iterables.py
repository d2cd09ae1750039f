# PyTorch test/dynamo/test_functions.py FunctionTests.test_len_constant_misc_iterables (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    a = len((1, 2, 3))
    b = len("test str")
    c = a + b
    return torch.add(x, c)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
