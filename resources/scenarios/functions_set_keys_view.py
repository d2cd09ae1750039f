# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_keys_view: set() of a user
# KeysView subclass whose __iter__ is a generator (`yield from`) under fullgraph=True; len(set) *
# x equals eager.
from collections.abc import KeysView

import torch
import torch._dynamo


class StringKeys(KeysView):
    def __init__(self, keys):
        self.keys = keys

    def __getitem__(self, key):
        return self.keys.__getitem__(key)

    def __iter__(self):
        yield from self.keys

    def __repr__(self):
        return f"{type(self).__name__}({self.keys})"

    def __len__(self):
        return len(self.keys)

    def __contains__(self, item):
        return self.keys.__contains__(item)


a = StringKeys([1, 2, 3, 3])


def fn(x):
    set_a = set(a)
    return len(set_a) * x


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.rand(4)
assert torch.allclose(fn(x), opt_fn(x))
