# PyTorch test/dynamo/test_misc.py MiscTests.test_class_has_instancecheck_method: isinstance against
# a class whose metaclass defines __instancecheck__ (always True) follows the metaclass
# (fullgraph=True); equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class A:
    pass


class Meta(type):
    def __instancecheck__(cls, instance):
        return True


class B(metaclass=Meta):
    pass


def fn(x, obj):
    if isinstance(obj, B):
        return x + 1
    return x - 1


x = torch.rand(4)
assert same(fn(x, A()), torch.compile(fn, backend="eager", fullgraph=True)(x, A()))
