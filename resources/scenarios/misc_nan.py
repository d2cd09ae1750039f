# PyTorch test/dynamo/test_misc.py MiscTests.test_nan: a float('nan') argument must not recompile on
# the second call (nan != nan must not fail a value guard): 1 graph.
import math

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, n):
    return x * 2 + n


torch._dynamo.reset()
cnts = CompileCounter()
opt = torch.compile(f, backend=cnts)
x = torch.randn(4)
n = float("nan")
assert torch.isnan(opt(x, n)).all()
assert torch.isnan(opt(x, n)).all() and math.isnan(n)
assert cnts.frame_count == 1, cnts.frame_count
