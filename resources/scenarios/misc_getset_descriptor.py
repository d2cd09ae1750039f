# PyTorch test/dynamo/test_misc.py MiscTests.test_getset_descriptor: the getset descriptor
# torch.Tensor.shape passed in and called as g.__get__(x) (fullgraph=True): equals eager's
# shape; a second call with the same kind of input does not recompile.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(g, x):
    torch.sin(x)
    return g.__get__(x)


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn = torch.compile(fullgraph=True, backend=cnts)(fn)
g = torch.Tensor.shape
assert opt_fn(g, torch.ones(2, 2)) == fn(g, torch.ones(2, 2))
assert opt_fn(g, torch.ones(2, 2)) == torch.Size([2, 2])
assert cnts.frame_count == 1, cnts.frame_count
