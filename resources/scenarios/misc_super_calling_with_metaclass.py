# PyTorch test/dynamo/test_misc.py MiscTests.test_super_calling_with_metaclass: a classmethod that
# graph-breaks and then calls super().add(x) and reads super().coeff of a class with a
# metaclass: equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class ExampleMeta(type):
    pass


class MyClass1(metaclass=ExampleMeta):
    coeff = 4

    @classmethod
    def add(cls, x):
        return x + 1


class MyClass2(MyClass1):
    @classmethod
    def add(cls, x):
        torch._dynamo.graph_break()
        return x + super().add(x) + super().coeff


def fn(x, obj):
    return x + obj.add(x)


torch._dynamo.reset()
x = torch.rand(3)
obj = MyClass2()
assert same(torch.compile(fn, backend="eager")(x, obj), fn(x, obj))
