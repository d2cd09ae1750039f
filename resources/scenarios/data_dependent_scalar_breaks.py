# Scenario: torch.equal(a, b) returns a Python bool computed from the tensors' data. The tracer
# must not make it up (a stand-in run on zeros says True): it is a graph break, and the branch
# follows the real data in both calls. Graphs: the adds before the break, then each branch.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    a = a + 1
    b = b + 1
    if torch.equal(a, b):
        return a * 2
    return a - b


torch._dynamo.reset()
x, y = torch.randn(3), torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x, y), fn(x, y))
assert torch.equal(opt(x, x.clone()), fn(x, x.clone()))
assert cnt.frame_count >= 2, cnt.frame_count
