# Scenario: a graph break inside an inlined helper. Dynamo cannot resume inside an inlined frame,
# so the whole call `helper(y)` becomes the break in fn: fn's graph 1 = add. helper then runs as
# its own frame, which Dynamo also compiles: nothing before print (empty, not compiled), then its
# resume graph = mul. fn's resume graph = sub. frame_count 3, op_count 3.
import contextlib
import io

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def helper(x):
    print("inside helper")
    return x * 2


def fn(x):
    y = x + 1
    z = helper(y)
    return z - 1


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    res = opt(x)
assert buf.getvalue() == "inside helper\n"
with contextlib.redirect_stdout(io.StringIO()):
    ref = fn(x)
assert torch.allclose(res, ref)
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
