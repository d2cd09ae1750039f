# PyTorch test/dynamo/test_misc.py MiscTests.test_class_hasattr_sourceless_descriptor: a non-data
# descriptor whose __get__ asks hasattr(owner, "flag") of the class, read on instances of a class
# with the flag and one without (fullgraph=True): x + 1 and x + 0, as eager.
import torch
import torch._dynamo


class FlagDescriptor:
    def __get__(self, instance, owner):
        if hasattr(owner, "flag"):
            return 1
        return 0


class WithFlag:
    flag = True
    prop = FlagDescriptor()


class WithoutFlag:
    prop = FlagDescriptor()


def fn(x, obj):
    return x + obj.prop


torch._dynamo.reset()
compiled_fn = torch.compile(backend="eager", fullgraph=True)(fn)
x = torch.randn(3)
assert torch.equal(compiled_fn(x, WithFlag()), fn(x, WithFlag()))
assert torch.equal(compiled_fn(x, WithoutFlag()), fn(x, WithoutFlag()))
