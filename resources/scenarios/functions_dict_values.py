# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_values (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). len() of a values view taken
# before two more stores counts both.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    d = {3: x}
    values = d.values()
    d[3] = x + 1
    d[4] = x + 2
    return len(values)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
