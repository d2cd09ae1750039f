# Scenario: dynamic=True compiles with symbolic sizes from the start; sizes used in Python
# arithmetic become graph nodes then (size/mul on SymInts), so only the count of graphs is
# asserted: one graph serves every size.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.cos() * 2


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, dynamic=True)
for n in (2, 3, 9):
    x = torch.randn(n)
    assert torch.allclose(opt(x), fn(x))
assert cnt.frame_count == 1, cnt.frame_count
