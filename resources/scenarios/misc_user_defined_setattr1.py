# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_setattr1: `obj.y = obj.x + 1` on an
# input object whose class defines __setattr__ and __getattr__ (both store/read under a "pfx_"
# prefix, and assert that they run while compiling or in set-up): fullgraph=True; afterwards
# obj.y equals obj.x + 1 and the instance dict holds exactly pfx_x and pfx_y.
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
def fn(obj):
    obj.y = obj.x + 1


torch._dynamo.reset()
obj = PrefixedAttrs()
PrefixedAttrs.setup = True
obj.x = torch.randn(8)
PrefixedAttrs.setup = False
fn(obj)
assert set(obj.__dict__.keys()) == {"pfx_x", "pfx_y"}, obj.__dict__.keys()
assert same(obj.__dict__["pfx_y"], obj.__dict__["pfx_x"] + 1)
