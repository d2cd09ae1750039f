# PyTorch test/dynamo/test_functions.py FunctionTests.test_call_dict4 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x):
    my_list = (("a", x), ("b", x + 1), ("c", x + 2))
    d1 = dict(my_list)
    d1["a"] = x + 10
    d2 = collections.OrderedDict(my_list)
    d2["c"] = x + 20
    return d1["a"] + d2["c"] + 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
