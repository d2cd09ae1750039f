# Scenario: torch.is_grad_enabled() inside `with torch.set_grad_enabled(True):` answers the mode of
# the traced code, not the mode the caller happens to run under. Called under no_grad, eager takes
# the branch (x + b); a tracer that asked the global state would silently skip it. PyTorch
# test_ctx_manager.py test_no_grad (fn4): 5 ops under no_grad.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    x = a + 1
    with torch.set_grad_enabled(True):
        if torch.is_grad_enabled():
            x = x + b
    x = x + 2
    return x


torch._dynamo.reset()
a, b = torch.ones(3), torch.ones(3)
cnt = CompileCounter()
with torch.no_grad():
    assert torch.equal(torch.compile(fn, backend=cnt)(a, b), fn(a, b))
    assert not torch.is_grad_enabled()
assert (cnt.frame_count, cnt.op_count) == (1, 5), (cnt.frame_count, cnt.op_count)
