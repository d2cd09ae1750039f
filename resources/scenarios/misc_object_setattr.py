# PyTorch test/dynamo/test_misc.py MiscTests.test_object_setattr: object.__setattr__ on a
# dataclass made in the trace (plain and frozen; a frozen one's generated __init__ and a
# __post_init__ also set fields through object.__setattr__). Each is returned and rebuilt with
# the traced fields. fullgraph=True; frame counts 1, 0 (fn2 computes nothing: no graph), 1, 1.
import dataclasses

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


@dataclasses.dataclass
class A:
    x: torch.Tensor


def fn1(x):
    a = A(x)
    object.__setattr__(a, "x", x + 2)
    return a


@dataclasses.dataclass(frozen=True)
class B:
    x: torch.Tensor


def fn2(x):
    b = B(x)
    return b


@dataclasses.dataclass(frozen=True)
class C:
    x: torch.Tensor


def fn3(x):
    c = C(x)
    object.__setattr__(c, "x", x + 2)
    return c


@dataclasses.dataclass(frozen=True)
class D:
    x: torch.Tensor

    def __post_init__(self):
        object.__setattr__(self, "y", self.x + 2)


def fn4(x):
    d = D(x)
    return d


torch._dynamo.reset()
for fn, frames, fields in ((fn1, 1, ["x"]), (fn2, 0, ["x"]), (fn3, 1, ["x"]), (fn4, 1, ["x", "y"])):
    x = torch.randn(10)
    want = fn(x.clone())
    cnts = CompileCounter()
    got = torch.compile(fn, backend=cnts, fullgraph=True)(x.clone())
    assert type(got) is type(want), (fn.__name__, type(got))
    assert list(vars(got)) == fields, (fn.__name__, vars(got))
    for f in fields:
        assert same(getattr(got, f), getattr(want, f)), (fn.__name__, f)
    assert cnts.frame_count == frames, (fn.__name__, cnts.frame_count)
