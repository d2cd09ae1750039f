# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_dict_with_property_setter: an
# OrderedDict subclass with a property whose getter and setter use self.__dict__; `m.value = 100`
# then m.value (fullgraph=True): 100, and m.__dict__["_value"] == 100 afterwards.
from collections import OrderedDict

import torch
import torch._dynamo


class PropertyMapping(OrderedDict):
    def __init__(self):
        super().__init__()
        self.__dict__["_value"] = 0

    @property
    def value(self):
        return self.__dict__.get("_value", 0)

    @value.setter
    def value(self, v):
        self.__dict__["_value"] = v


@torch.compile(fullgraph=True, backend="eager")
def fn(m):
    m.value = 100
    return m.value


torch._dynamo.reset()
m = PropertyMapping()
assert fn(m) == 100
assert m.__dict__["_value"] == 100, m.__dict__
