# PyTorch test/dynamo/test_misc.py MiscTests.test_ordered_dict_move_to_end, test_defaultdict and
# test_custom_dict: an OrderedDict after move_to_end, a defaultdict and a dict subclass as inputs:
# the second call reuses the first graph (no recompile) and results equal eager.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class MyDict(dict):
    pass


def fn(x, d):
    return x * d["foo"] * d["bar"]


od = collections.OrderedDict({"foo": 1, "bar": 2})
od.move_to_end("foo")
dd = collections.defaultdict()
dd["foo"] = 1
dd["bar"] = 2
for d in (od, dd, MyDict({"foo": 1, "bar": 2})):
    torch._dynamo.reset()
    cnts = CompileCounter()
    opt = torch.compile(fn, backend=cnts)
    for _ in range(2):
        x = torch.randn(4)
        assert torch.equal(opt(x, d), fn(x, d))
    assert cnts.frame_count == 1, (type(d), cnts.frame_count)
