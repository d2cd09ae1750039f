# PyTorch test/dynamo/test_misc.py MiscTests.test_ordered_dict_alias_reconstruct: an OrderedDict
# made (through a local alias of the class) from a dict, written, carried across a graph break,
# then checked with isinstance against the alias: 3, as eager.
import collections

import torch
import torch._dynamo

od = collections.OrderedDict


def fn():
    d1 = dict()
    d1["a"] = 1
    d2 = od(d1)
    d2["b"] = 2
    torch._dynamo.graph_break()
    if isinstance(d2, od):
        return d2["a"] + d2["b"]
    return 0


torch._dynamo.reset()
assert torch.compile(fn, backend="eager")() == 3
