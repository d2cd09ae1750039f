# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_dict_multiple_accesses: three
# entries of an OrderedDict subclass instance's __dict__ written, each from the one before, and
# summed (fullgraph=True): 6, and a, b, c are 1, 2, 3 on the object afterwards.
from collections import OrderedDict

import torch
import torch._dynamo


class MultiAccessMapping(OrderedDict):
    pass


@torch.compile(fullgraph=True, backend="eager")
def fn(mapping):
    mapping.__dict__["a"] = 1
    mapping.__dict__["b"] = mapping.__dict__["a"] + 1
    mapping.__dict__["c"] = mapping.__dict__["b"] + 1
    return mapping.__dict__["a"] + mapping.__dict__["b"] + mapping.__dict__["c"]


torch._dynamo.reset()
m = MultiAccessMapping()
assert fn(m) == 6
assert (m.__dict__["a"], m.__dict__["b"], m.__dict__["c"]) == (1, 2, 3), m.__dict__
