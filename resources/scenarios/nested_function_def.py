# Scenario: a function defined inside the compiled function (MAKE_FUNCTION) and called there is
# inlined. Nodes: cos (call_method), add, mul = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    def inner(y):
        return y.cos() + 1

    return inner(x) * 2


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
