# PyTorch test/dynamo/test_functions.py FunctionTests.test_funcdef_closure (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x, y):
    x = x + y + 1.0

    def inner(z):
        nonlocal x, y
        y = x + z + 20.0
        x = y + z + 10.0

    inner(2.0)
    inner(3.0)

    return x, y


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
