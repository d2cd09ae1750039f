# PyTorch test/dynamo/test_misc.py MiscTests.test_frozen_dict: dict(frozen_d).items() of a global
# FrozenDict (an OrderedDict subclass with its own __setattr__/__setitem__ and refusing mutators,
# a StableDiffusion pattern) under fullgraph=True compiles: sin(x) equals eager's.
import collections

import torch
import torch._dynamo


class FrozenDict(collections.OrderedDict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for key, value in self.items():
            setattr(self, key, value)
        self.__frozen = True

    def __delitem__(self, *args, **kwargs):
        raise Exception(f"You cannot use ``__delitem__`` on a {self.__class__.__name__} instance.")

    def setdefault(self, *args, **kwargs):
        raise Exception(f"You cannot use ``setdefault`` on a {self.__class__.__name__} instance.")

    def pop(self, *args, **kwargs):
        raise Exception(f"You cannot use ``pop`` on a {self.__class__.__name__} instance.")

    def update(self, *args, **kwargs):
        raise Exception(f"You cannot use ``update`` on a {self.__class__.__name__} instance.")

    def __setattr__(self, name, value):
        if hasattr(self, "__frozen") and self.__frozen:
            raise Exception(f"You cannot use ``__setattr__`` on a {self.__class__.__name__} instance.")
        super().__setattr__(name, value)

    def __setitem__(self, name, value):
        if hasattr(self, "__frozen") and self.__frozen:
            raise Exception(f"You cannot use ``__setattr__`` on a {self.__class__.__name__} instance.")
        super().__setitem__(name, value)


frozen_d = FrozenDict({"a": 1})


def fn(x):
    dict(frozen_d).items()
    return torch.sin(x)


torch._dynamo.reset()
x = torch.randn(4)
assert torch.equal(torch.compile(fn, backend="eager", fullgraph=True)(x), fn(x))
