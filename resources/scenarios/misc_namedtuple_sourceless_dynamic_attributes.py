# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple_sourceless_dynamic_attributes: a
# subclass of a typing.NamedTuple made inside the compiled function, an attribute `c` set on it,
# and returned: fields a and b and the attribute c equal eager's.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyNamedTuple(typing.NamedTuple):
    a: torch.Tensor
    b: torch.Tensor


class MyNamedTupleSubclass(MyNamedTuple):
    pass


@torch.compile(backend="eager")
def f():
    tup = MyNamedTupleSubclass(a=torch.tensor([1.0]), b=torch.tensor(2.0))
    tup.c = torch.tensor(3.0)
    return tup


torch._dynamo.reset()
result = f()
assert type(result) is MyNamedTupleSubclass
assert same(result.a, torch.tensor([1.0])) and same(result.b, torch.tensor(2.0))
assert hasattr(result, "c") and same(result.c, torch.tensor(3.0))
