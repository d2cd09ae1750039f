# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_update_bytecode (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). Checks SET_UPDATE into a set built in the frame and isinstance of it.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    # {"apple", ...} is BUILD_SET 0, a frozenset constant and SET_UPDATE.
    var = {"apple", "banana", "cherry"}
    if isinstance(var, set):
        return x + 1
    else:
        return x - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
