# PyTorch test/dynamo/test_misc.py MiscTests.test_builder_for_class_with_metaclass: isinstance of an
# instance of a class with a plain custom metaclass; equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Meta(type):
    pass


class MyClass(metaclass=Meta):
    pass


def fn(x, y):
    if isinstance(y, MyClass):
        return x + 1
    return x - 1


x = torch.rand([4, 4])
assert same(fn(x, MyClass()), torch.compile(fn, backend="eager")(x, MyClass()))
