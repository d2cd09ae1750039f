# PyTorch test/dynamo/test_misc.py MiscTests.test_unpack4: sizes unpacked from a.size() build a new
# tensor: 5 ops with static shapes (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    a = a[:5, :]
    b = b[:5, :]
    x, y = a.size()
    o = torch.empty((x, y))
    o.copy_(a / b)
    return o

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2, expected_ops=5)
