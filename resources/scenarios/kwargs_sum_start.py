# Scenario: sum(xs, start=a) must keep its keyword argument: the start tensor is added first.
# One graph (fullgraph): start + x0 + x1 + x2 = 3 adds.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b, c, start):
    return sum([a, b, c], start=start)


torch._dynamo.reset()
args = [torch.randn(3) for _ in range(3)] + [torch.full((3,), 100.0)]
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
assert torch.allclose(opt(*args), fn(*args))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
