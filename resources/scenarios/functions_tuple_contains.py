# PyTorch test/dynamo/test_functions.py FunctionTests.test_tuple_contains (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    v1 = "a"
    v2 = "b"
    v3 = "c"
    vals1 = (v1, v2, v3)
    vals2 = ("d", "e", "f")
    if "a" in vals1 and "b" not in vals2:
        return a + b
    return a - b


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
