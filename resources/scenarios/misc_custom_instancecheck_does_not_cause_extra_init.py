# PyTorch test/dynamo/test_misc.py MiscTests.test_custom_instancecheck_does_not_cause_extra_init:
# Child.__new__ returns a Base made in the trace (its own __init__ run once, with tag="child");
# type.__call__ then skips __init__ since a Base is no Child by type, whatever the metaclass's
# __instancecheck__ says. The compiled function returns "child", as eager does.
import torch
import torch._dynamo


class Meta(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, Base) and instance.tag == cls._tag


class Base:
    def __init__(self, tag="default"):
        self.tag = tag


class Child(Base, metaclass=Meta):
    _tag = "child"

    def __new__(cls):
        return Base(tag="child")


def fn():
    obj = Child()
    return obj.tag


torch._dynamo.reset()
assert fn() == "child"
assert torch.compile(fn, backend="eager")() == "child"
