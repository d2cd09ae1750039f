# Scenario: an optional argument: None first, then a tensor. The `is None` test is resolved while
# tracing and guarded; the second kind of call recompiles. Graphs: add (x + 1), add (x + y).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, y=None):
    if y is None:
        return x + 1
    return x + y


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x, y = torch.randn(3), torch.randn(3)
assert torch.allclose(opt(x), fn(x)) and torch.allclose(opt(x, y), fn(x, y))
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
