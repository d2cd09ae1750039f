# PyTorch test/dynamo/test_misc.py MiscTests.test_catch_watchings1: `with
# warnings.catch_warnings(record=True):` around a tensor op compiles whole (fullgraph=True):
# 1 graph, result sin(x).
import warnings

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def fn(x):
    with warnings.catch_warnings(record=True):
        return x.sin()


x = torch.randn(8)
assert torch.allclose(fn(x), x.sin())
assert cnts.frame_count == 1, cnts.frame_count
