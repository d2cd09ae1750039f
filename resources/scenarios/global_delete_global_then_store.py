# PyTorch test/dynamo/test_global.py TestDeleteGlobal.test_delete_global_then_store: `del _dg_a;
# _dg_a = 7` under fullgraph: the frame compiles, returns x + 1, and the global is 7 afterwards.
# The test also asserts that Dynamo's replay keeps the name's position in the module dict
# (it replays the store alone), where eager moves it to the end; here the delete and the store
# are replayed in order, so the name moves to the end as in eager.
import torch
import torch._dynamo

_dg_a = 1
_dg_pad = 0


def fn(x):
    global _dg_a
    del _dg_a
    _dg_a = 7
    return x + 1


eager_order = {"_dg_a": 1, "_dg_pad": 0}
del eager_order["_dg_a"]
eager_order["_dg_a"] = 7

x = torch.ones(2, 2)
opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
assert torch.equal(opt_fn(x), x + 1)
assert _dg_a == 7, _dg_a
names = list(globals())
assert names.index("_dg_a") > names.index("_dg_pad"), "the name kept its place"
