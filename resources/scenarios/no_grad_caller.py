# Scenario: calling the compiled function under torch.no_grad(): grad mode is part of the
# guards (GLOBAL_STATE), so calling it again with grad enabled recompiles. Each graph: mul, add.
# frame_count 2, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x * 2 + 1


torch._dynamo.reset()
x = torch.randn(3, requires_grad=True)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
with torch.no_grad():
    a = opt(x)
b = opt(x)
assert not a.requires_grad and b.requires_grad
assert torch.allclose(a, fn(x).detach()) and torch.allclose(b, fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 4), (cnt.frame_count, cnt.op_count)
