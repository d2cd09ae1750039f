# PyTorch test/dynamo/test_functions.py FunctionTests.test_fn_with_self_set (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

from torch.nn import functional as F


def fn(a, b):
    # avg_pool2d is a builtin with __self__ set
    return F.avg_pool2d(torch.unsqueeze(a, 0) * torch.unsqueeze(b, 1), kernel_size=2, padding=1)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
