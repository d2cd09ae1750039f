# PyTorch test/dynamo/test_misc.py MiscTests.test_unpack5: as unpack4 with a.shape: 5 ops
# (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    a = a[:5, :]
    b = b[:5, :]
    x, y = a.shape
    o = torch.empty((x, y))
    o.copy_(a / b)
    return o

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=5)
