# PyTorch test/dynamo/test_misc.py MiscTests.test_user_function_variable_supports_type_abcmeta_argument:
# a default argument holding a tuple of classes, one with metaclass abc.ABCMeta, and `Bar in tys`
# in the inlined function (fullgraph=True): x - 1, as eager.
import abc

import torch
import torch._dynamo


class Foo(metaclass=abc.ABCMeta):
    @abc.abstractclassmethod
    def read(self):
        pass


class Bar(Foo):
    def read(self):
        return "Hello World!"


class Baz:
    pass


def gn(x, tys=(Bar, Baz)):
    if Bar in tys:
        return x - 1
    return x + 1


def fn(x):
    return gn(x)


torch._dynamo.reset()
x = torch.randn(2, 3)
assert torch.allclose(torch.compile(fn, backend="eager", fullgraph=True)(x), x - 1)
