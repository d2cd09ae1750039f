# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_isinstance: isinstance on tensors, graph
# tensors and constants folds; only arange is an op (standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    t = torch.arange(1, 3)
    a = isinstance(x, torch.Tensor)
    b = isinstance(t, torch.Tensor)
    c = isinstance(x, int)
    d = isinstance(3, int)
    e = isinstance([1, 2, 3], list)
    f = isinstance({"foo": 1, "bar": 2}, dict)
    return [a, b, c, d, e, f]

torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1, expected_ops=1)
