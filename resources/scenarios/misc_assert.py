# PyTorch test/dynamo/test_misc.py MiscTests.test_assert: a failing `assert` on shapes raises
# AssertionError from the compiled function; a passing one costs nothing: 1 op (standard_test).
import unittest

import torch
import torch._dynamo
import torch._dynamo.testing


@torch.compile(backend="eager")
def fails(x):
    assert x.shape != x.shape


try:
    fails(torch.randn(10))
    raise SystemExit("expected AssertionError")
except AssertionError:
    pass


def passes(x):
    assert x.shape == x.shape
    return x.abs()


torch._dynamo.testing.standard_test(unittest.TestCase(), passes, nargs=1, expected_ops=1)
