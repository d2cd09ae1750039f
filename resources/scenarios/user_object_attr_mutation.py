# Scenario: mutating an attribute of a user object inside the compiled function. Dynamo records
# the store as a side effect and replays it after the graph: the counter ends at 1, exactly as in
# eager mode. Nodes: add = 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Counter:
    def __init__(self):
        self.n = 0


def fn(x, c):
    c.n += 1
    return x + c.n


torch._dynamo.reset()
x = torch.randn(3)
eager_counter, compiled_counter = Counter(), Counter()
ref = fn(x, eager_counter)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res = opt(x, compiled_counter)
assert torch.allclose(res, ref)
assert compiled_counter.n == eager_counter.n == 1
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
