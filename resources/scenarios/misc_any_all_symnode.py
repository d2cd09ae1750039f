# PyTorch test/dynamo/test_misc.py MiscTests.test_any_all_symnode: any()/all() over lists of size
# comparisons (dynamic=True, fullgraph=True): x + 1 for sizes 16 and 18 from one frame, x - 3 for
# size 5 from a second.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt, fullgraph=True, dynamic=True)
def fn(x):
    t = x.size(0) >= 10
    f = x.size(0) >= 100
    if any([]) or any([f]) or any([f, f]):
        return x - 1
    if all([f]) or all([t, f]) or all([f, t]) or all([f, f]):
        return x - 2
    if not (all([]) and all([t]) and all([t, t])):
        return x - 3
    if not (any([t]) and any([t, f]) and any([f, t])):
        return x - 4
    return x + 1


torch._dynamo.reset()
y1, y2, y3 = torch.randn(16), torch.randn(18), torch.randn(5)
assert torch.equal(fn(y1), y1 + 1)
assert torch.equal(fn(y2), y2 + 1)
assert cnt.frame_count == 1, cnt.frame_count
assert torch.equal(fn(y3), y3 - 3)
assert cnt.frame_count == 2, cnt.frame_count
