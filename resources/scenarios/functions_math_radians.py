# PyTorch test/dynamo/test_functions.py FunctionTests.test_math_radians: math.radians of an int
# argument folds to a constant under optimize_assert; one frame, the result equals eager's.
import math

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def func(x, a):
    return x + math.radians(a)


cnt = CompileCounter()
cfunc = torch._dynamo.optimize_assert(cnt)(func)
assert cnt.frame_count == 0
x = torch.rand(10)
expected = func(x, 12)
output = cfunc(x, 12)
assert same(output, expected)
assert cnt.frame_count == 1, cnt.frame_count
