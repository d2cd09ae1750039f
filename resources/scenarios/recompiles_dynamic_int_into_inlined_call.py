# PyTorch test/dynamo/test_recompiles.py test_automatic_dynamic_tensor_scalar_change: an int
# argument that changes is a dynamic int from the second compile on (x * y with an int y), so
# further values hit the cache. Here the int is handed on to inlined user code first (a helper
# called positionally, by keyword, through *args/**kwargs and as a method argument), which
# Dynamo inlines with the SymNodeVariable as the argument: six values, frame_count 2, op_count
# of both graphs, results against eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def scaled(x, k):
    return x * k + k


def packed(x, *rest, scale=1, **extra):
    return x * scale + rest[0] - extra["shift"]


class Shifter:
    def shift(self, x, k):
        return x - k


shifter = Shifter()


def fn(x, n):
    a = scaled(x, n)
    b = scaled(x, k=n)
    c = packed(x, n, scale=n, shift=n)
    return a + b + c + shifter.shift(x, n)


torch._dynamo.reset()
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
x = torch.randn(3, 4)
for n in (2, 3, 4, 5, -1, 3):
    assert same(opt_fn(x, n), fn(x, n)), n
assert cnt.frame_count == 2, cnt.frame_count
