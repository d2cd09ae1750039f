# Scenario: print() is not traceable: a graph break. Graph 1 = add, graph 2 = mul.
# The print runs once per call, in order, exactly as in eager mode.
import contextlib
import io

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    x = x + 1
    print("between the graphs")
    return x * 2


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
eager_out, compiled_out = io.StringIO(), io.StringIO()
with contextlib.redirect_stdout(eager_out):
    ref = fn(x)
with contextlib.redirect_stdout(compiled_out):
    res = opt(x)
assert torch.allclose(res, ref)
assert compiled_out.getvalue() == eager_out.getvalue() == "between the graphs\n"
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
