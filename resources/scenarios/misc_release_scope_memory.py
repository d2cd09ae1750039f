# PyTorch test/dynamo/test_misc.py MiscTests.test_release_scope_memory: a compiled function that
# only names its argument; after the call, deleting the caller's reference frees the tensor.
import weakref

import torch
import torch._dynamo


def inner(y):
    y


torch._dynamo.reset()
inner = torch.compile(inner, backend="eager")
x = torch.randn((10, 10))
inner(x)
p_ref = weakref.ref(x)
assert p_ref() is not None
del x
assert p_ref() is None
