# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_dataclass_reconstruct: a frozen dataclass
# made in the trace with a frozen dataclass default field is read and returned (rebuilt at the
# exit): the tensor equals eager's, the returned object has the same fields.
import dataclasses

import torch
import torch._dynamo


@dataclasses.dataclass(frozen=True)
class Inner:
    x: int = 2


@dataclasses.dataclass(frozen=True)
class Outer:
    y: torch.Tensor
    ndc: Inner = Inner()


def fn(y):
    dc = Outer(y)
    z = dc.y + dc.ndc.x
    return z, dc


torch._dynamo.reset()
y = torch.ones(2, 2)
z, dc = torch.compile(fn, backend="eager")(y)
ez, edc = fn(y)
assert torch.equal(z, ez)
assert type(dc) is Outer and dc.y is y and dc.ndc == Inner() and dc.ndc.x == 2
