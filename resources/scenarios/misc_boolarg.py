# PyTorch test/dynamo/test_misc.py MiscTests.test_boolarg: a bool/None argument is guarded by
# value: True, False, None, True compile 3 graphs (optimize_assert).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def boolarg(aa, bb, flag):
    if flag:
        return aa - bb
    else:
        return bb - aa


torch._dynamo.reset()
a, b = torch.randn(10, 10), torch.randn(10, 10)
counter = CompileCounter()
opt = torch._dynamo.optimize_assert(counter)(boolarg)
for flag in (True, False, None, True):
    assert same(opt(a, b, flag), boolarg(a, b, flag))
assert counter.frame_count == 3, counter.frame_count
