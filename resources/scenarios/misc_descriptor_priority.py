# PyTorch test/dynamo/test_misc.py MiscTests.test_data_descriptor_priority_over_instance_dict,
# test_instance_dict_priority_over_non_data_descriptor and test_user_defined_data_descriptor:
# CPython's attribute order (data descriptor, then instance dict, then non-data descriptor) under
# fullgraph=True: t + 10 each time, as eager.
import torch
import torch._dynamo


class WithProperty:
    @property
    def x(self):
        return 10


class NonData:
    def __init__(self, val):
        self.val = val

    def __get__(self, obj, cls):
        return self.val * 100


class WithNonData:
    x = NonData(7)


class Validated:
    def __set_name__(self, owner, name):
        self.storage = "_" + name

    def __get__(self, obj, cls):
        if obj is None:
            return self
        return getattr(obj, self.storage)

    def __set__(self, obj, value):
        setattr(obj, self.storage, value)


class WithValidated:
    x = Validated()

    def __init__(self, x):
        self.x = x


a = WithProperty()
a.__dict__["x"] = 999
b = WithNonData()
b.__dict__["x"] = 10
c = WithValidated(10)
for obj in (a, b, c):
    def fn(t, obj=obj):
        return t + obj.x

    t = torch.randn(4)
    got = torch.compile(fn, backend="eager", fullgraph=True)(t)
    assert torch.equal(got, fn(t)) and torch.equal(got, t + 10), type(obj)
