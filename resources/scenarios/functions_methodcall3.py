# PyTorch test/dynamo/test_functions.py FunctionTests.test_methodcall3 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def constant3(a, b):
    return a - b + (1.0 + 2)


def fn(a, b):
    return constant3(a, b=1.0) + b


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
