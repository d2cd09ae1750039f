# PyTorch test/dynamo/test_functions.py FunctionTests.test_inline_with_default (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def func_with_default(a, b, some_default_arg=True):
    if some_default_arg:
        return a - b


def fn(a, b, c):
    return func_with_default(a, b) * c


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=3)
