# PyTorch test/dynamo/test_misc.py MiscTests.test_grad_state_mutated: torch.set_grad_enabled(False)
# inside the compiled function (fullgraph=True) leaves grad mode off after the call, each time,
# while a check at its start sees it on; one frame.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

value = None


def check_state():
    global value
    value = torch.is_grad_enabled()


cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    check_state()
    torch.set_grad_enabled(False)
    return x + 1


torch._dynamo.reset()
prior = torch.is_grad_enabled()
try:
    for _ in range(2):
        value = None
        torch.set_grad_enabled(True)
        fn(torch.randn(10))
        assert value is True, value
        assert torch.is_grad_enabled() is False
    assert cnt.frame_count == 1, cnt.frame_count
finally:
    torch.set_grad_enabled(prior)
