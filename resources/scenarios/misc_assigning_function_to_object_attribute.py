# PyTorch test/dynamo/test_misc.py MiscTests.test_assigning_function_to_object_attribute and
# test_assigning_function_to_class_attribute: a function stored on an instance is called unbound,
# one stored on the class becomes a bound method; both equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def add_unbound(*args):
    a, b = args
    return a + b


def add_bound(*args):
    obj, a, b = args
    return obj.x + a + b


class OnInstance:
    def __init__(self, func):
        self.add = func


class OnClass:
    add = add_bound

    def __init__(self, x):
        self.x = x


obj1 = OnInstance(add_unbound)
obj2 = OnClass(0.5)


def fn1(x):
    return obj1.add(x, 2)


def fn2(x):
    return obj2.add(x, 2)


x = torch.rand(2, 3)
assert same(fn1(x), torch.compile(backend="eager")(fn1)(x))
assert same(fn2(x), torch.compile(backend="eager")(fn2)(x))
