# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple_source_dynamic_attributes: a subclass
# of a typing.NamedTuple (so its instances have a __dict__) passed in, an attribute `c` set on it
# in the compiled function (fullgraph=True) and the tuple returned: the same object, fields a and
# b unchanged, c the new tensor.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyNamedTuple(typing.NamedTuple):
    a: torch.Tensor
    b: torch.Tensor


class MyNamedTupleSubclass(MyNamedTuple):
    pass


@torch.compile(fullgraph=True, backend="eager")
def f(tup):
    c = torch.tensor(3.0)
    tup.c = c
    return tup


torch._dynamo.reset()
extended = MyNamedTupleSubclass(a=torch.tensor([1.0]), b=torch.tensor(2.0))
result = f(extended)
assert result is extended
assert same(result.a, torch.tensor([1.0])) and same(result.b, torch.tensor(2.0))
assert hasattr(result, "c") and same(result.c, torch.tensor(3.0))
