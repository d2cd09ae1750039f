# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_fromkeys (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x, y):
    lst = ["a", "b"]
    d = dict.fromkeys(lst)
    d1 = dict.fromkeys(d, x + 1)
    d2 = collections.defaultdict.fromkeys(iter(d1), x - 2)
    d3 = collections.OrderedDict.fromkeys(tuple(lst), value=y)
    return d1["a"] * d2["b"] + d2["a"] + d1["b"] + d3["a"] + d3["b"] + 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
