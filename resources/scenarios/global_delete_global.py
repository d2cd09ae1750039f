# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_global: `global _dg_a; del
# _dg_a` in a fullgraph-compiled function: the frame compiles, returns x + 1, and the delete is
# replayed after the graph, so the global is gone afterwards.
import torch
import torch._dynamo

_dg_a = 10


def fn(x):
    global _dg_a
    del _dg_a
    return x + 1


x = torch.ones(2, 2)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
assert torch.equal(opt_fn(x), x + 1)
assert "_dg_a" not in globals()
