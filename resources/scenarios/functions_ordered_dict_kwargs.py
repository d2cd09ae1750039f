# PyTorch test/dynamo/test_functions.py FunctionTests.test_ordered_dict_kwargs (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x):
    z = collections.OrderedDict(sample=torch.ones(10))
    return z


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
