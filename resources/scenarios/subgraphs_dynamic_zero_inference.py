# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_zero_inference: a size of 0 is
# specialised even with dynamic=True, so `a.size(0) != 0` is decided per graph: sizes 2 then 0
# compile 2 graphs, results as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a):
    if a.size(0) != 0:
        return a * 2
    else:
        return a + 1


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt, dynamic=True)(fn)
x, y = torch.randn(0), torch.randn(2)
assert torch.equal(opt_fn(y), fn(y))
assert torch.equal(opt_fn(x), fn(x))
assert cnt.frame_count == 2, cnt.frame_count
