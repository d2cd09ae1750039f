# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple___eq__: a typing.NamedTuple made in the
# trace compared with == to a plain tuple of the same items (fullgraph=True): True, as in CPython.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyNamedTuple(typing.NamedTuple):
    a: int
    b: int


@torch.compile(backend="eager", fullgraph=True)
def f(x):
    t1 = MyNamedTuple(a=1, b=2)
    t2 = (1, 2)
    return x.sin(), (t1 == t2)


torch._dynamo.reset()
x = torch.randn(2)
res = f(x)
assert res[1] is True, res[1]
assert same(res[0], x.sin())
