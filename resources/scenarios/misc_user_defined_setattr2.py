# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_setattr2: an object whose class
# defines __setattr__/__getattr__ (storing under a "pfx_" prefix) is made inside the compiled
# function, two attributes set and read through them, and returned (fullgraph=True): its dict
# holds exactly pfx_x (the input tensor itself) and pfx_y (x + 1).
import torch
import torch._dynamo
from torch._dynamo.testing import same


class PrefixedAttrs:
    setup = False

    def __setattr__(self, key, value):
        assert torch.compiler.is_dynamo_compiling() or PrefixedAttrs.setup
        super().__setattr__(f"pfx_{key}", value)

    def __getattr__(self, key, c=1):
        assert torch.compiler.is_dynamo_compiling() or PrefixedAttrs.setup
        if c:
            return self.__dict__[f"pfx_{key}"]
        return None


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    obj = PrefixedAttrs()
    obj.x = x
    obj.y = obj.x + 1
    return obj


torch._dynamo.reset()
x = torch.randn(8)
obj = fn(x)
assert type(obj) is PrefixedAttrs
assert set(obj.__dict__.keys()) == {"pfx_x", "pfx_y"}, obj.__dict__.keys()
assert obj.__dict__["pfx_x"] is x
assert same(obj.__dict__["pfx_y"], x + 1)
