# PyTorch test/dynamo/test_recompiles.py test_dynamic_shape_parameter_recompile: inputs that are
# nn.Parameters keep static shapes by default (force_parameter_static_shapes), so sizes 1, 10,
# 11, 15, 15 compile 4 graphs even with automatic dynamic shapes: frame_count 4, op_count 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

w = torch.nn.Parameter(torch.randn(3, 2))


def foo(x):
    return x @ w


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch._dynamo.optimize(cnt, nopython=True)(foo)
for n in (1, 10, 11, 15, 15):
    x = torch.nn.Parameter(torch.randn(n, 3))
    assert torch.allclose(opt(x), foo(x))
assert (cnt.frame_count, cnt.op_count) == (4, 4), (cnt.frame_count, cnt.op_count)
