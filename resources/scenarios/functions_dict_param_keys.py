# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_param_keys (make_test): a dict
# made in the trace with a string key and a global Parameter as key; reading both back under
# optimize_assert gives one graph, results equal eager's (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

a_param = torch.nn.Parameter(torch.ones([4, 4]))


def fn(a):
    tmp = {"a": a, a_param: 3}
    return tmp["a"] + tmp[a_param]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
