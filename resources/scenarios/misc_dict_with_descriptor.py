# PyTorch test/dynamo/test_misc.py MiscTests.test_dict_with_descriptor: an input object whose class
# attribute `prop` is a data descriptor backed by the instance dict; the compiled function
# (fullgraph=True) writes obj.__dict__["extra"] and returns obj.prop + obj.__dict__["extra"]:
# 141 as eager, and the object's dict holds _value 42 and extra 99 afterwards.
import torch
import torch._dynamo


class MyDescriptor:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_value", 0)

    def __set__(self, obj, value):
        obj.__dict__["_value"] = value


class MyClass:
    prop = MyDescriptor()

    def __init__(self):
        self.prop = 42


def fn(obj):
    obj.__dict__["extra"] = 99
    return obj.prop + obj.__dict__["extra"]


torch._dynamo.reset()
res = fn(MyClass())
obj2 = MyClass()
out = torch.compile(fn, fullgraph=True, backend="eager")(obj2)
assert res == out == 141, (res, out)
assert obj2.__dict__["_value"] == 42 and obj2.__dict__["extra"] == 99, obj2.__dict__
