# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_resume_paths_join: three tensor
# conditions in a row; the resumed regions after each branch are shared, not one per path:
# 8 calls over all combinations compile 7 graphs, 10 ops (not 2^n graphs).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, c1, c2, c3):
    x = x + 1
    if c1:
        x = x + 2
    x = x + 3
    if c2:
        x = x + 4
    x = x + 5
    if c3:
        x = x + 6
    return x + 7


torch._dynamo.reset()
v1 = torch.randn(10)
t, f = torch.Tensor([True]), torch.Tensor([False])
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
for a in (t, f):
    for b in (t, f):
        for c in (t, f):
            assert torch.allclose(opt_fn(v1, a, b, c), fn(v1, a, b, c))
assert (cnt.frame_count, cnt.op_count) == (7, 10), (cnt.frame_count, cnt.op_count)
