# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_user_defined_object3: truth of objects
# with only __len__, and with __bool__ taking precedence over __len__ (fullgraph=True); equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class A:
    def __init__(self, x):
        self.x = x

    def __len__(self):
        return len(self.x)


class B:
    def __init__(self, x):
        self.x = x

    def __bool__(self):
        return False

    def __len__(self):
        return len(self.x)


def fn(x, obj):
    if not obj:
        return x + 1
    return x - 1


x = torch.rand(4)
opt = torch.compile(backend="eager", fullgraph=True)(fn)
for obj in [A([1, 2, 3]), A([]), B([1, 2, 3]), B([])]:
    assert same(fn(x, obj), opt(x, obj)), obj
