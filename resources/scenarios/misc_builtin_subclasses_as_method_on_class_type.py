# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_subclasses_as_method_on_class_type:
# Foo.__subclasses__() of a global class with two subclasses, under optimize_assert: the same
# two classes as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Foo:
    def __init__(self, name):
        self.name_ = name


class Bar(Foo):
    pass


class Baz(Foo):
    pass


@torch._dynamo.optimize_assert(CompileCounter())
def fn():
    return Foo.__subclasses__()


torch._dynamo.reset()
expected = Foo.__subclasses__()
assert len(expected) == 2
assert fn() == expected
