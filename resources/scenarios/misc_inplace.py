# PyTorch test/dynamo/test_misc.py MiscTests.test_inplace: an output buffer made with torch.empty,
# filled by copy_ and an in-place sub: 3 ops (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    o = torch.empty((10, 10))
    o.copy_(a)
    o -= b
    return o

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=3)
