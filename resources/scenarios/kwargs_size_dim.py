# Scenario: x.size(dim=1) is the size of dimension 1 (a constant in the graph), not the whole
# torch.Size. Mirrors test_functions.py test_shape2 with the keyword spelling. One add.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + x.size(dim=1) + x.stride(dim=0)


torch._dynamo.reset()
x = torch.randn(2, 5)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
assert torch.equal(opt(x), fn(x))
assert torch.allclose(opt(x), x + 10)
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
