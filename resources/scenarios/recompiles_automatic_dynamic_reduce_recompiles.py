# PyTorch test/dynamo/test_recompiles.py test_automatic_dynamic_reduce_recompiles: x * y called
# with sizes 2, 3, 4, 4, 5, 5, 6. dynamic=False: every new size recompiles (frame_count 5,
# op_count 5); dynamic=None (automatic): one static graph, then one dynamic graph (2, 2);
# dynamic=True: one graph (1, 1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def foo(x, y):
    return x * y


def run(dynamic):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch._dynamo.optimize(cnt, dynamic=dynamic)(foo)
    for n in (2, 3, 4, 4, 5, 5, 6):
        x, y = torch.randn(n), torch.randn(n)
        assert torch.allclose(opt(x, y), foo(x, y))
    return cnt.frame_count, cnt.op_count


assert run(False) == (5, 5), run(False)
assert run(None) == (2, 2), run(None)
assert run(True) == (1, 1), run(True)
