# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_no_graph_break_on_item: with
# capture_scalar_outputs the .item() stays in the graph: one graph, 6 ops (add, sub, sum, item,
# add, div), results as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b):
    x = a + b - 1.5
    x = x.sum()
    x.item()
    x = x / (a + b)
    return x


torch._dynamo.reset()
torch._dynamo.config.capture_scalar_outputs = True
try:
    v1, v2 = torch.ones(10), torch.ones(10) * -2.0
    cnt = CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt)(fn)
    assert same(opt_fn(v1, v2), fn(v1, v2)) and same(opt_fn(v2, v1), fn(v2, v1))
    assert (cnt.frame_count, cnt.op_count) == (1, 6), (cnt.frame_count, cnt.op_count)
finally:
    torch._dynamo.config.capture_scalar_outputs = False
