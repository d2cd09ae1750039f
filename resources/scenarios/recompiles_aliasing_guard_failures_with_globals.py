# PyTorch test/dynamo/test_recompiles.py test_aliasing_guard_failures_with_globals: a.add_(g1);
# return g2 + 1. Passing the global g1 itself as `a` aliases a graph input with a global and
# must recompile: frame_count 2, results as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

g1 = torch.randn(3)
g2 = torch.randn(3)


def foo(a):
    a.add_(g1)
    return g2 + 1


torch._dynamo.reset()
cnt = CompileCounter()
compiled_foo = torch._dynamo.optimize(cnt, nopython=True)(foo)
z = torch.randn(3)
assert torch.equal(compiled_foo(z.clone()), foo(z.clone()))
assert cnt.frame_count == 1
start = g1.clone()
res = compiled_foo(g1)
assert torch.equal(g1, start * 2), "a.add_(g1) with a is g1 doubles g1"
assert torch.equal(res, g2 + 1)
assert cnt.frame_count == 2, cnt.frame_count
