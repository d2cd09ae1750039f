# PyTorch test/dynamo/test_misc.py MiscTests.test_python_slice: enumerate over a list slice and over
# a shape slice with a start index: sums 8 and 9.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f1(values):
    y = 0
    for i, v in enumerate(values[2:], 1):
        y = y + v
    return y


def f2(t):
    y = 0
    for i, v in enumerate(t.shape[2:], 1):
        y = y + v
    return y


torch._dynamo.reset()
cnts = CompileCounter()
assert torch.compile(f1, backend=cnts)([1, 2, 3, 5]) == 8
assert torch.compile(f2, backend=cnts)(torch.rand([2, 3, 4, 5])) == 9
