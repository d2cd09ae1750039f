# PyTorch test/dynamo/test_misc.py MiscTests.test_custom_instancecheck_init_not_called: __new__
# returns a plain object(), so type.__call__ skips __init__ (which raises) although the metaclass's
# __instancecheck__ answers True for anything: the check is on the type, as CPython's
# type_call does it. The compiled call returns an object, as eager does.
import torch
import torch._dynamo


class AlwaysTrueMeta(type):
    def __instancecheck__(cls, instance):
        return True


class Child(metaclass=AlwaysTrueMeta):
    def __new__(cls):
        return object()

    def __init__(self):
        raise AssertionError("should NOT be called")


def fn():
    return Child()


torch._dynamo.reset()
ref = fn()
assert isinstance(ref, object)
res = torch.compile(fn, backend="eager")()
assert isinstance(res, object) and type(res) is object
