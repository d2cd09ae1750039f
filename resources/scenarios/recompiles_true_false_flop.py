# PyTorch test/dynamo/test_recompiles.py test_recompiles_true_false_flop: a bool argument is
# guarded by value; sizes 2, 2, 3, 4, 5 with automatic dynamic shapes: (True, 2), (False, 2),
# then one dynamic graph for True: frame_count 3, op_count 3 (nopython=True).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def foo(x, y):
    if x:
        return y * 2
    else:
        return y * y


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch._dynamo.optimize(cnt, nopython=True)(foo)
for flag, n in ((True, 2), (False, 2), (True, 3), (True, 4), (True, 5)):
    y = torch.randn(n)
    assert torch.allclose(opt(flag, y), foo(flag, y))
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
