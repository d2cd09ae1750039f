# PyTorch test/dynamo/test_misc.py MiscTests.test_descriptor: a non-data descriptor (lazy_property)
# whose __get__ computes the value and stores it on the instance with setattr, read from a method
# under fullgraph=True (compiled call first, so the trace runs __get__): results equal eager's on
# both calls, and the instance holds the stored value afterwards.
import torch
import torch._dynamo


class lazy_property:
    def __init__(self, wrapped):
        self.wrapped = wrapped

    def __get__(self, instance, obj_type=None):
        value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class UserDefined:
    def __init__(self):
        self.a = 3

    @lazy_property
    def length(self):
        return 3

    def run(self, x):
        return x * self.length


obj = UserDefined()


def fn(x):
    return obj.run(x)


torch._dynamo.reset()
opt = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch.equal(opt(x), fn(x))
assert obj.__dict__.get("length") == 3
assert torch.equal(opt(x), fn(x))
