# PyTorch test/dynamo/test_misc.py MiscTests.test_property_setter and test_property_setter_in_init:
# a property setter called by a store on an object passed in (b.value = 5 stores 10) and by a
# store in __init__ of an object made in the trace (clamps to 100), fullgraph=True: results equal
# eager's, and the passed object holds the setter's value afterwards.
import torch
import torch._dynamo


class Box:
    def __init__(self, value):
        self._value = torch.tensor([value], dtype=torch.float32)

    @property
    def value(self):
        return self._value + 1

    @value.setter
    def value(self, new_value):
        self._value = new_value * 2


class Clamped:
    def __init__(self, val):
        self.val = val

    @property
    def val(self):
        return self._val

    @val.setter
    def val(self, v):
        self._val = torch.clamp(v, 0, 100)


def set_box(b):
    b.value = 5
    return b.value


def make_clamped(x):
    return Clamped(x).val


torch._dynamo.reset()
b = Box(0)
assert torch.compile(set_box, backend="eager", fullgraph=True)(b) == set_box(Box(0)) == 11
assert b._value == 10, b._value
x = torch.tensor([200.0])
assert torch.equal(torch.compile(make_clamped, backend="eager", fullgraph=True)(x), make_clamped(x))
