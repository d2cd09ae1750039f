# PyTorch test/dynamo/test_recompiles.py test_automatic_dynamic_on_closed_ints: h(x, f(i)) where
# f(i) returns a new closure over the int i. The closed-over int is read through the closure
# cell; once it changes it becomes dynamic: ten calls, frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def f(x):
    def g(y):
        return y + x

    return g


cnt = CompileCounter()


@torch.compile(backend=cnt)
def h(x, g):
    return g(x)


torch._dynamo.reset()
for i in range(10):
    x = torch.randn(5)
    assert torch.allclose(h(x, f(i)), x + i)
assert cnt.frame_count == 2, cnt.frame_count
