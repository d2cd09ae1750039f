# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_dynamic_order_dependence: with
# dynamic=True and static-by-default (PyTorch 2.4+), (x, y) then (x, x) is two graphs; after a
# reset, (x, x) first duck-sizes both inputs to one symbol and (x, y) recompiles: 2 again.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return a.sum() + b.sum()


x, y = torch.randn(2), torch.randn(3)
for calls in (((x, y), (x, x)), ((x, x), (x, y))):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt, dynamic=True)(fn)
    for a, b in calls:
        assert torch.allclose(opt_fn(a, b), fn(a, b))
    assert cnt.frame_count == 2, cnt.frame_count
