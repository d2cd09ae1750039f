# Scenario: torch._dynamo.is_compiling() is True while the function is traced and False when it
# runs for real. PyTorch test_recompiles.py test_run_mode_after_cache_limit_hit: with
# cache_size_limit 2 the first two ints compile (the branch adds 1 inside), later calls run
# eagerly (no +1). frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 1
    return x


torch._dynamo.reset()
torch._dynamo.config.cache_size_limit = 2
try:
    cnt = CompileCounter()
    opt_f = torch.compile(f, backend=cnt, dynamic=False)
    assert torch.equal(opt_f(torch.ones(3), 0), torch.ones(3) + 1)
    assert torch.equal(opt_f(torch.ones(3), 1), torch.ones(3) + 2)
    assert torch.equal(opt_f(torch.ones(3), 2), torch.ones(3) + 2)  # cache full: eager
    assert torch.equal(opt_f(torch.ones(3), 0), torch.ones(3) + 1)  # cached graph
    assert not torch._dynamo.is_compiling()
    assert cnt.frame_count == 2, cnt.frame_count
finally:
    torch._dynamo.config.cache_size_limit = 8
