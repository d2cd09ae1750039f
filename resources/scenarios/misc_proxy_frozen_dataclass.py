# PyTorch test/dynamo/test_misc.py MiscTests.test_proxy_frozen_dataclass: a frozen dataclass of two
# tensors made in the trace is passed to an allow_in_graph function that adds its fields:
# fullgraph=True, result equals eager's.
import dataclasses

import torch
import torch._dynamo
from torch._dynamo import allow_in_graph


@dataclasses.dataclass(frozen=True)
class Pair:
    x: torch.Tensor
    y: torch.Tensor


@allow_in_graph
def add_fields(dc):
    return dc.x + dc.y


def fn(x, y):
    return add_fields(Pair(x, y))


torch._dynamo.reset()
inps = (torch.ones(2, 2), torch.ones(2, 2))
assert torch.equal(torch.compile(fn, fullgraph=True, backend="eager")(*inps), fn(*inps))
