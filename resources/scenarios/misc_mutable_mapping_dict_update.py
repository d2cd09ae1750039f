# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_dict_update: an OrderedDict
# subclass instance's own __dict__ (its attributes, not its items) written and read in the
# compiled function (fullgraph=True): 42, and the attribute is on the object afterwards.
from collections import OrderedDict

import torch
import torch._dynamo


class CustomMapping(OrderedDict):
    pass


@torch.compile(fullgraph=True, backend="eager")
def fn(mapping):
    mapping.__dict__["custom_attr"] = 42
    return mapping.__dict__["custom_attr"]


torch._dynamo.reset()
mapping = CustomMapping()
assert fn(mapping) == 42
assert mapping.__dict__.get("custom_attr") == 42 and len(mapping) == 0
