# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_tensor_global: deleting a
# global bound to a tensor under fullgraph; after the call the name is gone and nothing keeps the
# tensor alive (a weak reference to it is dead).
import weakref

import torch
import torch._dynamo


def fn(x):
    global _dg_a
    del _dg_a
    return x + 1


x = torch.ones(2, 2)
tensor = torch.ones(4)
globals()["_dg_a"] = tensor
ref = weakref.ref(tensor)
del tensor

opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
assert torch.equal(opt_fn(x), x + 1)
assert "_dg_a" not in globals()
assert ref() is None, "deleting the global kept the tensor alive"
