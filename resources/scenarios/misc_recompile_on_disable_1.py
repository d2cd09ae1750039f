# PyTorch test/dynamo/test_misc.py MiscTests.test_recompile_on_disable_1: a function decorated with
# torch._dynamo.disable, made anew inside the compiled function on every call, does not cause a
# recompile: after the first call (a graph on each side of the disabled call), four more add no
# frame; results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    @torch._dynamo.disable
    def inner(x):
        return x + 10

    return inner(x) + 1


torch._dynamo.reset()
x = torch.rand(2, 3)
assert torch.allclose(fn(x), x + 11)
first = cnt.frame_count
for _ in range(4):
    x = torch.rand(2, 3)
    assert torch.allclose(fn(x), x + 11)
assert cnt.frame_count == first, (first, cnt.frame_count)
