# PyTorch test/dynamo/test_misc.py MiscTests.test_user_getattribute: an input object whose class
# overrides __getattribute__ (names in its custom_dict come from there, the rest from
# object.__getattribute__), used by its own method: the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyObject:
    def __init__(self):
        self.custom_dict = {"a": torch.rand((2, 2))}
        self.my_number = 42

    def __getattribute__(self, name):
        custom_dict = super().__getattribute__("custom_dict")
        if name in custom_dict:
            return custom_dict[name]
        return super().__getattribute__(name)

    def run(self, x):
        return self.my_number * x + self.a * x


def fn(obj, x):
    return obj.run(x)


torch._dynamo.reset()
obj = MyObject()
x = torch.rand((2, 2))
assert same(torch.compile(fn, backend=CompileCounter())(obj, x), fn(obj, x))
