# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_sorted (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    tmp = {1: "D", 10: "B", 3: "E", 0: "F"}
    return x + 1, sorted(tmp), sorted(tmp, reverse=True)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
