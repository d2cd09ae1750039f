# Scenario: storing into and deleting from a dict argument inside the region; both mutations
# are replayed after the graph. Nodes: sin, cos (call_method) = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, d):
    d["s"] = x.sin()
    del d["old"]
    return x.cos()


torch._dynamo.reset()
x = torch.randn(3)
de, dc = {"old": 1}, {"old": 1}
ref = fn(x, de)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x, dc)
assert torch.allclose(res, ref) and list(dc) == list(de) == ["s"]
assert torch.allclose(dc["s"], de["s"])
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
