# Scenario: returning a dict and a tuple of tensors: the containers are rebuilt around the graph
# outputs. Nodes: add, sub, mul = 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, y):
    return {"sum": x + y, "diff": x - y}, (x * y, 7)


torch._dynamo.reset()
x, y = torch.randn(3), torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
(d, (p, seven)), (rd, (rp, rseven)) = opt(x, y), fn(x, y)
assert set(d) == {"sum", "diff"} and list(d) == ["sum", "diff"]
assert all(torch.allclose(d[k], rd[k]) for k in rd) and torch.allclose(p, rp) and seven == rseven == 7
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
