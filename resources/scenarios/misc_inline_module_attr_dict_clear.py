# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_module_attr_dict_clear: forward clears a
# dict held in a module attribute (fullgraph=True): the module's dict is empty afterwards.
import torch
import torch._dynamo


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = {"a": torch.randn(2, 2), "b": torch.randn(2, 2)}

    def forward(self):
        self.a.clear()
        return self.a


m = Mod()
out = torch.compile(m, backend="eager", fullgraph=True)()
assert len(out) == 0 and len(m.a) == 0
