# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_created_then_deleted:
# `_dg_a = 1; del _dg_a` on a global that did not exist: fullgraph compiles, returns x + 1, and
# afterwards the name does not exist (the store and the delete cancel out). (The test also sets
# side_effect_replay_policy="error", a setting newer than this shim; not used here.)
import torch
import torch._dynamo


def fn(x):
    global _dg_a
    _dg_a = 1
    del _dg_a
    return x + 1


assert "_dg_a" not in globals()
x = torch.ones(2, 2)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
assert torch.equal(opt_fn(x), x + 1)
assert "_dg_a" not in globals()
assert torch.equal(opt_fn(x), x + 1)
assert "_dg_a" not in globals()
