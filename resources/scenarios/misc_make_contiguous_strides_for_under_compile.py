# PyTorch test/dynamo/test_misc.py MiscTests.test_make_contiguous_strides_for_under_compile:
# torch._prims_common.make_contiguous_strides_for(x.shape) feeding x.as_strided under
# fullgraph=True and dynamic=True, for a (4, 8) and a (7, 8) input: results equal x.
import torch
import torch._dynamo
from torch._prims_common import make_contiguous_strides_for


def fn(x):
    strides = make_contiguous_strides_for(x.shape)
    return x.as_strided(x.shape, strides)


torch._dynamo.reset()
opt = torch.compile(fn, backend="eager", fullgraph=True, dynamic=True)
for shape in ((4, 8), (7, 8)):
    x = torch.randn(*shape)
    assert torch.equal(opt(x), x), shape
