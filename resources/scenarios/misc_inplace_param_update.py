# PyTorch test/dynamo/test_misc.py MiscTests.test_inplace_param_update: set_grad_enabled toggled
# three times then an in-place add on a parameter, restored in `finally`: 1 graph, 3 ops
# (fullgraph); the parameter changes as in eager and grad mode is restored.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(param, y):
    prev = torch.is_grad_enabled()
    try:
        torch.set_grad_enabled(False)
        torch.set_grad_enabled(True)
        torch.set_grad_enabled(False)
        param.add_(y)
    finally:
        torch.set_grad_enabled(prev)


torch._dynamo.reset()
y = torch.randn(4)
p = torch.nn.Parameter(torch.randn(4))
before = p.detach().clone()
cnts = CompileCounter()
torch.compile(fn, backend=cnts, fullgraph=True)(p, y)
assert torch.allclose(p.detach(), before + y)
assert torch.is_grad_enabled()
assert (cnts.frame_count, cnts.op_count) == (1, 3), (cnts.frame_count, cnts.op_count)
