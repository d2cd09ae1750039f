# PyTorch test/dynamo/test_misc.py MiscTests.test_reconstruct_frozen_dataclass: a frozen dataclass
# made in the trace is alive in a local at an explicit graph break: it is rebuilt (object.__new__
# and its fields, the frozen __setattr__ bypassed as its own __init__ bypasses it) and the resumed
# code reads its fields. The result equals eager; the test asserts no counts (here: the break is
# the only one and the object is the local CPython continues with).
import dataclasses

import torch
import torch._dynamo
from torch._dynamo.testing import same


@dataclasses.dataclass(frozen=True)
class TestDataClass:
    x: torch.Tensor
    y: torch.Tensor


def fn(x, y):
    dc = TestDataClass(x, y)
    torch._dynamo.graph_break()
    return dc.x + dc.y


torch._dynamo.reset()
inps = (torch.ones(2, 2), torch.ones(2, 2))
actual = torch.compile(backend="eager")(fn)(*inps)
expected = fn(*inps)
assert same(actual, expected)
explained = torch._dynamo.explain(fn)(*inps)
assert explained.graph_break_count == 1, explained.graph_break_count
