# PyTorch test/dynamo/test_misc.py MiscTests.test_py_guards_mark_dynamic: frames compiled for
# tensors marked dynamic on different dims: dim 0 dynamic, then an unmarked tensor (no
# recompile), then dim 1 marked (a recompile: 2); after a reset, dim 1, then dim 0 (not a
# subset: 2), then dims 0, 1, 2 (3).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def my_dyn_fn(a):
    if a.shape[0] > 2:
        return a.cos()
    return a.sin()


torch._dynamo.reset()
counter = CompileCounter()
x0 = torch.randn([3, 3, 3])
torch._dynamo.mark_dynamic(x0, 0)
torch.compile(my_dyn_fn, backend=counter)(x0)
assert counter.frame_count == 1, counter.frame_count
torch.compile(my_dyn_fn, backend=counter)(torch.randn([3, 3, 3]))
assert counter.frame_count == 1, counter.frame_count
x1 = torch.randn([3, 3, 3])
torch._dynamo.mark_dynamic(x1, 1)
torch.compile(my_dyn_fn, backend=counter)(x1)
assert counter.frame_count == 2, counter.frame_count

torch._dynamo.reset()
counter = CompileCounter()
torch.compile(my_dyn_fn, backend=counter)(x1)
assert counter.frame_count == 1, counter.frame_count
torch.compile(my_dyn_fn, backend=counter)(x0)
assert counter.frame_count == 2, counter.frame_count
x012 = torch.randn([3, 3, 3])
for d in range(3):
    torch._dynamo.mark_dynamic(x012, d)
torch.compile(my_dyn_fn, backend=counter)(x012)
assert counter.frame_count == 3, counter.frame_count
