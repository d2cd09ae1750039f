# PyTorch test/dynamo/test_misc.py MiscTests.test_deterministic_algorithms_mutated:
# torch.use_deterministic_algorithms(False, warn_only=False) inside the compiled function
# (fullgraph=True), called with them on (warn_only): a check at its start sees them on, they are
# off afterwards, each time; one frame.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

value = None
warn_only = None


def check_state():
    global value, warn_only
    value = torch.are_deterministic_algorithms_enabled()
    warn_only = torch.is_deterministic_algorithms_warn_only_enabled()


cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True)
def fn(x):
    check_state()
    assert torch.are_deterministic_algorithms_enabled() is True
    torch.use_deterministic_algorithms(False, warn_only=False)
    return x + 1


torch._dynamo.reset()
prior = torch.are_deterministic_algorithms_enabled()
prior_warn_only = torch.is_deterministic_algorithms_warn_only_enabled()
try:
    for _ in range(2):
        value, warn_only = None, None
        torch.use_deterministic_algorithms(True, warn_only=True)
        fn(torch.randn(10))
        assert value is True and warn_only is True, (value, warn_only)
        assert torch.are_deterministic_algorithms_enabled() is False
        assert torch.is_deterministic_algorithms_warn_only_enabled() is False
    assert cnt.frame_count == 1, cnt.frame_count
finally:
    torch.use_deterministic_algorithms(prior, warn_only=prior_warn_only)
