# PyTorch test/dynamo/test_functions.py FunctionTests.test_symbool_to_int (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). sum() over a generator of
# bools compared from the shape (einops.unpack's pattern).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    if sum(s == -1 for s in x.size()) == 0:
        return x + 1
    else:
        return x - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
