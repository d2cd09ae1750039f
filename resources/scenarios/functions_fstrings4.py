# PyTorch test/dynamo/test_functions.py FunctionTests.test_fstrings4 (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    tmp = f"{x.shape[0]} bar"
    if "10" in tmp:
        return x + 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
