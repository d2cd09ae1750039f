# PyTorch test/dynamo/test_misc.py MiscTests.test_dict_descriptor_interaction: `obj.desc = "hello"`
# runs a data descriptor's __set__ (it stores "desc_hello" in the instance dict), then the
# function overwrites the dict entry directly and reads obj.desc back through __get__
# (fullgraph=True): "direct", as eager.
import torch
import torch._dynamo


class DescriptorWithDict:
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get("_internal", "default")

    def __set__(self, obj, value):
        obj.__dict__["_internal"] = f"desc_{value}"


class MyClass:
    desc = DescriptorWithDict()


def fn(obj):
    obj.desc = "hello"
    obj.__dict__["_internal"] = "direct"
    return obj.desc


torch._dynamo.reset()
ref = fn(MyClass())
out = torch.compile(fn, fullgraph=True, backend="eager")(MyClass())
assert ref == out == "direct", (ref, out)
