# PyTorch test/dynamo/test_recompiles.py test_no_recursive_compile_after_cache_limit_hit: with
# cache_size_limit 2, f(x, i) for i in 0..9 (dynamic=False) compiles for i = 0 and 1 only; after
# the limit f runs eagerly and its callees g, h are not compiled on their own: frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x, n):
    x = x + n
    return g(x, n)


def g(x, n):
    x = x + n
    return h(x, n)


def h(x, n):
    return x + n


torch._dynamo.reset()
torch._dynamo.config.cache_size_limit = 2
try:
    cnt = CompileCounter()
    opt_f = torch.compile(f, backend=cnt, dynamic=False)
    for i in range(10):
        assert torch.equal(opt_f(torch.ones(3), i), f(torch.ones(3), i))
    assert cnt.frame_count == 2, cnt.frame_count
finally:
    torch._dynamo.config.cache_size_limit = 8
