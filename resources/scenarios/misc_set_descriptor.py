# PyTorch test/dynamo/test_misc.py MiscTests.test_set_descriptor: `foo.field = 10` where the class
# attribute `field` is a descriptor with only __set__ (it adds value * 2 to the instance dict's
# entry), then x + foo.field (the instance dict's value), fullgraph=True: result and the
# object's field equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Field:
    def __set__(self, obj, value):
        obj.__dict__["field"] += value * 2


class Foo:
    field = Field()

    def __init__(self):
        self.__dict__["field"] = 0


def fn(x, foo):
    foo.field = 10
    return x + foo.field


torch._dynamo.reset()
x = torch.zeros(2)
foo1, foo2 = Foo(), Foo()
ref = fn(x, foo1)
res = torch.compile(fn, fullgraph=True, backend="eager")(x, foo2)
assert same(ref, res), (ref, res)
assert foo1.field == foo2.field == 20, (foo1.field, foo2.field)
