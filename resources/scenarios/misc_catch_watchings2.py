# PyTorch test/dynamo/test_misc.py MiscTests.test_catch_watchings2: a library class written in
# Python (warnings.catch_warnings) made inside the compiled function and returned: rebuilt after
# the graph, a new object on every call. fullgraph=True, one graph over two calls.
import warnings

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    return x.sin(), warnings.catch_warnings(record=True)


torch._dynamo.reset()
x = torch.randn(8)
ya, a = fn(x)
yb, b = fn(x)
assert same(ya, x.sin()) and same(yb, x.sin())
assert cnt.frame_count == 1, cnt.frame_count
assert isinstance(a, warnings.catch_warnings)
assert isinstance(b, warnings.catch_warnings)
assert a is not b
with a as log:  # the rebuilt object works as the one CPython makes
    warnings.warn("recorded")
assert len(log) == 1
