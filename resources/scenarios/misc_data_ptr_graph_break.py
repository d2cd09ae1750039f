# PyTorch test/dynamo/test_misc.py MiscTests.test_data_ptr_graph_break_builtin and
# test_data_ptr_graph_break_aten: a.data_ptr() + b.data_ptr() raises Unsupported under
# fullgraph=True and equals eager's without it; torch.add(a, a.data_ptr()) breaks the graph (a
# graph break counted) and equals eager's.
import torch
import torch._dynamo
from torch._dynamo.utils import counters


def ptr_sum(a, b):
    return a.data_ptr() + b.data_ptr()


def add_ptr(a):
    return torch.add(a, a.data_ptr())


a = torch.randn(4)
b = torch.randn(5)
torch._dynamo.reset()
try:
    torch.compile(ptr_sum, backend="eager", fullgraph=True)(a, b)
    raise RuntimeError("expected Unsupported")
except torch._dynamo.exc.Unsupported:
    pass
torch._dynamo.reset()
assert torch.compile(ptr_sum, backend="eager")(a, b) == ptr_sum(a, b)
counters.clear()
assert torch.equal(torch.compile(add_ptr, backend="eager")(a), add_ptr(a))
assert len(counters["graph_break"]) > 0
