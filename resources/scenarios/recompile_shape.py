# Scenario: static shapes (dynamic=False): a new size fails TENSOR_MATCH and recompiles; the old
# size still hits its entry. Each graph: sin, mul = 2 ops. frame_count 2, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.sin() * 2


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=False)
a, b = torch.randn(3), torch.randn(4)
for t in (a, b, a, b):
    assert torch.allclose(opt(t), fn(t))
assert (cnt.frame_count, cnt.op_count) == (2, 4), (cnt.frame_count, cnt.op_count)
