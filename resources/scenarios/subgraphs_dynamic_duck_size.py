# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_duck_size: with dynamic=True two
# inputs of equal size share one symbol (duck sizing), so `a.size(0) == b.size(0)` holds by a
# guard; unequal sizes recompile: frame_count 2, results as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    if a.size(0) == b.size(0):
        return a + b
    else:
        return a.sum() + b.sum()


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt, dynamic=True)(fn)
x, y = torch.randn(2), torch.randn(3)
assert torch.allclose(opt_fn(x, x), fn(x, x))
assert torch.allclose(opt_fn(x, y), fn(x, y))
assert cnt.frame_count == 2, cnt.frame_count
