# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_update_kwargs (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    d = {"a": 2}
    d.update(b=4)
    return x * d["a"] * d["b"]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
