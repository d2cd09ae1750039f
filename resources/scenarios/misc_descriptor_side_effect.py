# PyTorch test/dynamo/test_misc.py MiscTests.test_descriptor_side_effect: a class with a read-only
# property whose getter reads obj.__dict__["field"], written by __init__ through self.__dict__,
# made and returned under fullgraph=True: the tensor and the returned object's field equal eager's.
import torch
import torch._dynamo


def fget(obj):
    return obj.__dict__["field"]


class Bunch:
    def __init__(self, n):
        self.__dict__["field"] = n

    field = property(fget)


def fn(x):
    obj = Bunch(42)
    return x + obj.field, obj


torch._dynamo.reset()
x = torch.randn(4)
ref_t, ref_obj = fn(x)
res_t, res_obj = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.equal(ref_t, res_t) and res_obj.field == ref_obj.field == 42
