# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple_with_custom_getitem: a typing.NamedTuple
# whose class overrides __getitem__, passed in and read by field name (my_tuple.a + 1) under
# fullgraph=True, twice (the second call runs the guards): both equal a + 1.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import same


@torch.compile(fullgraph=True, backend="eager")
def f(my_tuple):
    return my_tuple.a + 1


class MyTuple(typing.NamedTuple):
    a: torch.Tensor
    b: torch.Tensor

    def __getitem__(self, index):
        return MyTuple(a[index], b[index])


torch._dynamo.reset()
a = torch.randn(2)
b = torch.randn(2)
assert same(f(MyTuple(a, b)), a + 1)
assert same(f(MyTuple(a, b)), a + 1)
