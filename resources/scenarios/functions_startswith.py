# PyTorch test/dynamo/test_functions.py FunctionTests.test_startswith (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def constant3(a, b):
    return a - b + (1.0 + 2)


def fn(a, b):
    x = a + b
    if "foobar".startswith("foo") and "main" in constant3.__module__:
        x = x + 1
    return x


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
