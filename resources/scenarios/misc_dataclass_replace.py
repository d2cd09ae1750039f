# PyTorch test/dynamo/test_misc.py MiscTests.test_dataclass: dataclasses.is_dataclass(foo0) and
# dataclasses.replace(foo0, **{"x": 1}) of a frozen dataclass argument under fullgraph=True: x + 1
# and a new object with x == 1.
import dataclasses

import torch
import torch._dynamo


@dataclasses.dataclass(frozen=True)
class Foo:
    x: int


def run(x, foo0):
    if dataclasses.is_dataclass(foo0):
        foo1 = dataclasses.replace(foo0, **{"x": 1})
        return x + 1, foo1
    return x + 2, foo0


torch._dynamo.reset()
foo0 = Foo(0)
res, foo = torch.compile(run, backend="eager", fullgraph=True)(torch.zeros(1), foo0)
assert torch.equal(res, torch.ones(1))
assert type(foo) is Foo and foo.x == 1 and foo0.x == 0
