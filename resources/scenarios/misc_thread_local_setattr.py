# PyTorch test/dynamo/test_misc.py MiscTests.test_thread_local_setattr: an attribute written on a
# threading.local passed in (fullgraph=True): afterwards loc.x is the input tensor itself, and
# the result is x + 1.
from threading import local

import torch
import torch._dynamo
from torch._dynamo.testing import same


@torch.compile(fullgraph=True, backend="eager")
def fn(x, l):
    l.x = x
    return x + 1


torch._dynamo.reset()
loc = local()
x = torch.ones(2, 2)
assert same(fn(x, loc), x + 1)
assert loc.x is x
