# PyTorch test/dynamo/test_functions.py FunctionTests.test_custom_dict_kwargs (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). An OrderedDict subclass made
# from keyword arguments is returned.
import unittest

import torch
import torch._dynamo.testing

import collections


class CustomDictSubclass(collections.OrderedDict):
    pass


def fn(x):
    z = CustomDictSubclass(sample=torch.ones(10))
    return z


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
