# PyTorch test/dynamo/test_misc.py MiscTests.test_frozen_dataclass_hashable and
# test_nested_frozen_dataclass_hashable: a frozen dataclass of floats/ints (one holding another)
# made in the trace is used as a dict key, fullgraph=True: results equal eager's.
import dataclasses

import torch
import torch._dynamo


@dataclasses.dataclass(frozen=True)
class Flat:
    x: float
    y: float
    z: int
    a: int


@dataclasses.dataclass(frozen=True)
class InnerPoint:
    x: float
    y: float


@dataclasses.dataclass(frozen=True)
class Nested:
    b: InnerPoint
    z: int
    a: int


def use_flat(dc, x, y):
    d = {}
    d[dc] = 2
    return dc.x + dc.y + d[dc] + x + y


def use_nested(dc, x, y):
    d = {}
    d[dc] = 2
    return dc.b.x + dc.b.y + d[dc] + x + y


def f_flat(x, y):
    return use_flat(Flat(x=3.2, y=2.5, z=5, a=2), x, y)


def f_nested(x, y):
    return use_nested(Nested(b=InnerPoint(2.4, 4.4), z=5, a=2), x, y)


inps = (torch.ones(2, 2), torch.ones(2, 2))
for fn in (f_flat, f_nested):
    torch._dynamo.reset()
    assert torch.allclose(torch.compile(fn, fullgraph=True, backend="eager")(*inps), fn(*inps)), fn.__name__
