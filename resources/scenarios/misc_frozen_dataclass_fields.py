# PyTorch test/dynamo/test_misc.py MiscTests.test_frozen_dataclass_default_value,
# test_frozen_dataclass_default_factory, test_frozen_dataclass_kw_only and
# test_frozen_dataclass_attr_access: frozen dataclasses made in the trace with field defaults,
# default factories, keyword-only fields and keyword arguments, their fields summed (through an
# allow_in_graph function or inlined), fullgraph=True: results equal eager's.
import dataclasses

import torch
import torch._dynamo
from torch._dynamo import allow_in_graph


@dataclasses.dataclass(frozen=True)
class WithDefaults:
    x: torch.Tensor
    y: torch.Tensor
    z: int = dataclasses.field(default=5)
    a: int = 6


@dataclasses.dataclass(frozen=True)
class WithFactories:
    x: torch.Tensor
    y: torch.Tensor
    z: list = dataclasses.field(default_factory=list)
    a: list = dataclasses.field(default_factory=lambda: [5])


@dataclasses.dataclass(frozen=True)
class KwOnly:
    x: torch.Tensor
    y: torch.Tensor
    z: int = dataclasses.field(kw_only=True)
    a: int = dataclasses.field(kw_only=True)


@dataclasses.dataclass(frozen=True)
class Plain:
    x: torch.Tensor
    y: torch.Tensor
    z: int
    a: int


@allow_in_graph
def sum_defaults(dc):
    return dc.x + dc.y + dc.z + dc.a


@allow_in_graph
def sum_factories(dc):
    return dc.x + dc.y + dc.a[0]


@allow_in_graph
def sum_kw(dc):
    return dc.x + dc.y + dc.a + dc.z


def sum_inlined(dc):
    return dc.x + dc.y + dc.a + dc.z


def f_defaults(x, y):
    return sum_defaults(WithDefaults(x, y))


def f_factories(x, y):
    return sum_factories(WithFactories(x, y))


def f_kw(x, y):
    return sum_kw(KwOnly(x, y, z=5, a=2))


def f_plain(x, y):
    return sum_inlined(Plain(x, y, z=5, a=2))


inps = (torch.ones(2, 2), torch.ones(2, 2))
for fn in (f_defaults, f_factories, f_kw, f_plain):
    torch._dynamo.reset()
    assert torch.equal(torch.compile(fn, fullgraph=True, backend="eager")(*inps), fn(*inps)), fn.__name__
