# Scenario: a call to a torch._dynamo.disable'd function is a graph break; the function runs
# uncaptured. Graph 1 = sin; helper runs eagerly; graph 2 = add. frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

CALLS = []


@torch._dynamo.disable
def helper(x):
    CALLS.append(x.shape)
    return x.sum()


def fn(x):
    a = x.sin()
    b = helper(a)
    return a + b


torch._dynamo.reset()
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x)
assert CALLS == [torch.Size([4])]
assert torch.allclose(res, fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
