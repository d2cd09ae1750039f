# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_contains (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). Checks set(list) and the in operator on it.
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    vals = set(["a", "b", "c"])
    if "a" in vals:
        x = a + b
    else:
        x = a - b
    if "d" in vals:
        y = a + b
    else:
        y = a - b
    return x, y


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
