# Scenario: appending to a list argument inside the region: Dynamo replays the mutation after
# the graph. Nodes: add (appended), mul (returned) = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, out):
    out.append(x + 1)
    return x * 2


torch._dynamo.reset()
x = torch.randn(3)
eager_list, compiled_list = ["keep"], ["keep"]
ref = fn(x, eager_list)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x, compiled_list)
assert torch.allclose(res, ref)
assert len(compiled_list) == 2 and compiled_list[0] == "keep"
assert torch.allclose(compiled_list[1], eager_list[1])
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
