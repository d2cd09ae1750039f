# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_keys (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). The keys view is live: 4
# added after it was taken is in it.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    d = {3: x}
    keys = d.keys()
    d[4] = x + 1
    d2 = {3: 2, 4: "aa"}
    return 3 in keys, 4 in keys, 5 in keys, d2.keys() == keys


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
