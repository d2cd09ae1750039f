# PyTorch test/dynamo/test_misc.py MiscTests.test_dict_with_slots: a __slots__ member of an input
# object (no instance __dict__) read and doubled under fullgraph=True: 10, as eager.
import torch
import torch._dynamo


class SlottedClass:
    __slots__ = ("x",)

    def __init__(self, x):
        self.x = x


def fn(obj):
    return obj.x * 2


torch._dynamo.reset()
obj = SlottedClass(5)
assert torch.compile(fn, fullgraph=True, backend="eager")(obj) == fn(obj) == 10
