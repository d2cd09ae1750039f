# Scenario: torch._dynamo.mark_dynamic(x, 0) before the first call: the first graph already has
# a symbolic size, so other sizes reuse it. One graph: mul, add = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x * 2 + 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
for n in (4, 5, 7):
    x = torch.randn(n, 3)
    torch._dynamo.mark_dynamic(x, 0)
    assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
