# PyTorch test/dynamo/test_misc.py MiscTests.test_id_guarded_class: id() of a class argument is a
# constant guarded by identity: the same class reuses the graph (1), another class recompiles (2);
# results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class First:
    pass


class Second:
    pass


def fn(x, y):
    return x + id(y) // 100000


torch._dynamo.reset()
cnts = CompileCounter()
opt = torch.compile(backend=cnts, fullgraph=True)(fn)
for cls, frames in ((First, 1), (First, 1), (Second, 2)):
    x = torch.randn(3)
    assert torch.equal(fn(x, cls), opt(x, cls))
    assert cnts.frame_count == frames, (cls, cnts.frame_count)
