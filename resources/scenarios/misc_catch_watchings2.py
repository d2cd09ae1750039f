# PyTorch test/dynamo/test_misc.py MiscTests.test_catch_watchings2: a warnings.catch_warnings
# object made in the compiled function and returned unentered is rebuilt at the exit, a new one
# per call (fullgraph=True): 1 graph, two distinct catch_warnings instances.
import warnings

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    return x.sin(), warnings.catch_warnings(record=True)


x = torch.randn(8)
r1, a = fn(x)
_, b = fn(x)
assert torch.allclose(r1, x.sin())
assert cnt.frame_count == 1, cnt.frame_count
assert isinstance(a, warnings.catch_warnings) and isinstance(b, warnings.catch_warnings)
assert a is not b
