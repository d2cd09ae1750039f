# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_dict3: the union of two dicts' key views,
# iterated with `in` tests, under fullgraph=True: 1 graph, 5 ops (zeros and four in-place adds).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(da, db):
    total = torch.zeros(1)
    for k in da.keys() | db.keys():
        if k in da:
            total += da[k]
        if k in db:
            total += db[k]
    return total


torch._dynamo.reset()
v1 = torch.Tensor([100])
v2 = torch.Tensor([200])
cnts = CompileCounter()
got = torch.compile(fn, backend=cnts, fullgraph=True)({"a": v1, "b": v2}, {"b": v1, "c": v2})
assert torch.equal(got, fn({"a": v1, "b": v2}, {"b": v1, "c": v2})), got
assert (cnts.frame_count, cnts.op_count) == (1, 5), (cnts.frame_count, cnts.op_count)
