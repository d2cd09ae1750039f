# Scenario: unpacking the tuple that chunk() returns. Dynamo records chunk (call_method) and one
# operator.getitem node per element it unpacks, then mul: 1 + 2 + 1 = 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    a, b = x.chunk(2)
    return a * b


torch._dynamo.reset()
x = torch.randn(6)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
