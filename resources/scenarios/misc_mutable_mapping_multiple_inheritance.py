# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_multiple_inheritance: a class
# deriving from both collections.abc.MutableMapping and nn.Module, built in the compiled function
# from **td of another instance (fullgraph=True): its items equal the original's.
import collections.abc

import torch
import torch._dynamo


class MyWeirdDict(collections.abc.MutableMapping, torch.nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self._items = kwargs

    def keys(self):
        return self._items.keys()

    def __getitem__(self, item):
        return self._items[item]

    def __setitem__(self, key, value):
        self._items[key] = value

    def __delitem__(self, item):
        del self._items[item]

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        yield from self._items

    def __hash__(self):
        return hash(id(self))

    def items(self):
        for k, v in self._items.items():
            yield (k, v)


@torch.compile(fullgraph=True, backend="eager")
def to_weird_dict(td):
    return MyWeirdDict(**td)


torch._dynamo.reset()
d = MyWeirdDict(a=1, b=2, c=3)
res = to_weird_dict(d)
assert type(res) is MyWeirdDict and res is not d
assert tuple(d.items()) == tuple(res.items()), tuple(res.items())
