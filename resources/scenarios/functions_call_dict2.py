# PyTorch test/dynamo/test_functions.py FunctionTests.test_call_dict2 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x):
    d1 = dict()
    d1["x"] = x
    d2 = collections.OrderedDict(d1)
    if isinstance(d2, collections.OrderedDict):
        return x + 1
    else:
        return x - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
