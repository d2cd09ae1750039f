# PyTorch test/dynamo/test_functions.py FunctionTests.test_float (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    y = float(1.2)
    y += float("1.2")
    return torch.add(x, y)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
