# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_kwarg: dynamic=True makes the
# sizes symbolic from the first call: sizes 2..11 share one graph (frame_count 1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return a - b * 10


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt, dynamic=True)(fn)
for i in range(2, 12):
    a, b = torch.randn(i), torch.randn(i)
    assert torch.allclose(opt_fn(a, b), fn(a, b))
assert cnt.frame_count == 1, cnt.frame_count
