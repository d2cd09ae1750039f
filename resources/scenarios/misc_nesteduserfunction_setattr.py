# PyTorch test/dynamo/test_misc.py MiscTests.test_nesteduserfunction_setattr: a function made in the
# trace (returned by a helper) gets a __wrapped__ attribute, and is returned with t.sin()
# (fullgraph=True): the rebuilt function carries __wrapped__ == the value stored.
import torch
import torch._dynamo
from torch._dynamo.testing import same

x = 0


def update(y):
    def wrapper():
        return y

    return wrapper


@torch.compile(backend="eager", fullgraph=True)
def fn(t):
    w = update(123)
    w.__wrapped__ = x
    return t.sin(), w


torch._dynamo.reset()
t = torch.randn(2)
y, w = fn(t)
assert same(y, t.sin())
assert w.__wrapped__ == x and w() == 123
