# PyTorch test/dynamo/test_misc.py MiscTests.test_class_duner_flags: a class's __flags__ tested
# against Py_TPFLAGS_MAPPING (1 << 6), read from the class passed in and from type(mod) of an
# instance (a ModuleDict that is also a MutableMapping) under fullgraph=True: equal eager's.
import collections.abc

import torch
import torch._dynamo
from torch._dynamo.testing import same

TPFLAGS_MAPPING = 1 << 6


class ModuleA(torch.nn.ModuleDict, collections.abc.MutableMapping):
    def __hash__(self):
        return id(self)


def from_class(x, mod_class):
    if mod_class.__flags__ & TPFLAGS_MAPPING:
        return x + 1
    return x - 1


def from_instance(x, mod):
    if type(mod).__flags__ & TPFLAGS_MAPPING:
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.rand(2, 3)
assert same(torch.compile(backend="eager", fullgraph=True)(from_class)(x, ModuleA),
            from_class(x, ModuleA))
mod = ModuleA()
assert same(torch.compile(backend="eager", fullgraph=True)(from_instance)(x, mod),
            from_instance(x, mod))
