# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_class_python_type: isinstance of a
# class object (passed in) against user classes, one with a metaclass: neither class is an
# instance of them, x + 3 both times, as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyClass1:
    pass


class ExampleMeta(type):
    pass


class MyClass2(metaclass=ExampleMeta):
    pass


def fn(x, c):
    if isinstance(c, MyClass1):
        return x + 1
    elif isinstance(c, MyClass2):
        return x + 2
    return x + 3


torch._dynamo.reset()
x = torch.rand(3)
opt_fn = torch.compile(fn, backend="eager")
for c in [MyClass1, MyClass2]:
    assert same(opt_fn(x, c), fn(x, c))
