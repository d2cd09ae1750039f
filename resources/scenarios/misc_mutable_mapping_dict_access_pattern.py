# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_dict_access_pattern: on an
# OrderedDict subclass instance, `"tracker" not in d.__dict__`, then a list stored in its
# __dict__ and appended to (fullgraph=True): returns 1, and d.__dict__["tracker"] == [1] after.
from collections import OrderedDict

import torch
import torch._dynamo


class TrackedDict(OrderedDict):
    pass


@torch.compile(fullgraph=True, backend="eager")
def fn(d):
    if "tracker" not in d.__dict__:
        d.__dict__["tracker"] = []
    d.__dict__["tracker"].append(1)
    return len(d.__dict__["tracker"])


torch._dynamo.reset()
d = TrackedDict()
assert fn(d) == 1
assert d.__dict__.get("tracker") == [1], d.__dict__
