# PyTorch test/dynamo/test_misc.py MiscTests.test_dict_with_slots_and_dict: a class whose __slots__
# include "__dict__": the compiled function (fullgraph=True) writes obj.__dict__["custom"] and
# returns obj.x + obj.__dict__["custom"]: 107 as eager, and the write is on the object after.
import torch
import torch._dynamo


class SlottedWithDict:
    __slots__ = ("x", "__dict__")

    def __init__(self, x):
        self.x = x


def fn(obj):
    obj.__dict__["custom"] = 100
    return obj.x + obj.__dict__["custom"]


torch._dynamo.reset()
res = fn(SlottedWithDict(7))
obj2 = SlottedWithDict(7)
out = torch.compile(fn, fullgraph=True, backend="eager")(obj2)
assert res == out == 107, (res, out)
assert obj2.__dict__["custom"] == 100
