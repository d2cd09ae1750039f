# Scenario: a `with torch.no_grad():` block inside the compiled function. Dynamo traces the grad
# mode change into the graph: torch._C._set_grad_enabled(False) on entry and (True) on exit are
# call_function nodes. Nodes: set_grad(False), mul, set_grad(True), add = 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    with torch.no_grad():
        y = x * 2
    return y + x, y


torch._dynamo.reset()
x = torch.randn(3, requires_grad=True)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
(out, y), (rout, ry) = opt(x), fn(x)
assert torch.allclose(out, rout) and torch.allclose(y, ry)
assert not y.requires_grad and out.requires_grad
assert torch.is_grad_enabled()
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
