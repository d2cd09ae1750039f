# PyTorch test/dynamo/test_recompiles.py test_aliasing_guard_failures: a.add_(b); return c + 1.
# Three distinct tensors compile once; another three distinct ones reuse the graph; passing the
# same tensor as a and c must recompile (the in-place add is visible through c): frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def foo(a, b, c):
    a.add_(b)
    return c + 1


torch._dynamo.reset()
cnt = CompileCounter()
compiled_foo = torch._dynamo.optimize(cnt, nopython=True)(foo)
x, y, z = torch.randn(3), torch.randn(3), torch.randn(3)
assert torch.equal(compiled_foo(x.clone(), y.clone(), z.clone()), foo(x.clone(), y.clone(), z.clone()))
assert cnt.frame_count == 1
assert torch.equal(compiled_foo(z.clone(), y.clone(), x.clone()), foo(z.clone(), y.clone(), x.clone()))
assert cnt.frame_count == 1, "distinct tensors again: no recompile"
x_clone = x.clone()
res = compiled_foo(x_clone, y.clone(), x_clone)
x_clone = x.clone()
ref = foo(x_clone, y.clone(), x_clone)
assert torch.equal(res, ref), (res, ref)
assert cnt.frame_count == 2, cnt.frame_count
