# Scenario: fullgraph=True and print(): Unsupported, and nothing was printed.
import contextlib
import io

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    print("never")
    return x + 1


torch._dynamo.reset()
opt = torch.compile(fn, backend=CompileCounter(), fullgraph=True)
buf = io.StringIO()
try:
    with contextlib.redirect_stdout(buf):
        opt(torch.ones(3))
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("fullgraph=True must raise on print()")
assert buf.getvalue() == ""
