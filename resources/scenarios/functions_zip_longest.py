# PyTorch test/dynamo/test_functions.py FunctionTests.test_zip_longest (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import itertools


def fn(x):
    list1 = [1, 2, 3]
    list2 = ["a", "b"]
    list3 = [True, False, True, False]
    return torch.sin(x + 1), list(itertools.zip_longest(list1, list2, list3, fillvalue=None))


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
