# PyTorch test/dynamo/test_misc.py MiscTests.test_release_input_memory: after a compiled call, the
# input tensor is not kept alive by the compiled code: deleting the caller's reference frees it
# (its weakref is dead).
import weakref

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


@torch.compile(backend=CompileCounter())
def foo(x):
    return x + x


torch._dynamo.reset()
x = torch.rand([4])
x_ref = weakref.ref(x)
out = foo(x)
assert same(out, x + x)
del x
assert x_ref() is None
