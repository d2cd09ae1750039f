# PyTorch test/dynamo/test_functions.py FunctionTests.test_call_dict1 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x):
    d1 = dict()
    d1["x"] = x + 1
    d2 = collections.OrderedDict()
    d2["x"] = x + 2
    return d1["x"] + d2["x"] + 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
