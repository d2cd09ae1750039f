# PyTorch test/dynamo/test_misc.py MiscTests.test_nn_module_getattr: an nn.Module whose __getattr__
# serves names from a plain dict attribute before nn.Module's own lookup; forward reads a queue
# of tensors through it: the result equals eager's (PyTorch asserts only truthy counts).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class MyMod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.custom_dict = {"queue": [torch.rand((2, 2)) for _ in range(3)]}
        self.other_attr = torch.rand((2, 2))

    def __getattr__(self, name):
        custom_dict = self.custom_dict
        if name in custom_dict:
            return custom_dict[name]
        return super().__getattr__(name)

    def forward(self, x):
        return x @ self.other_attr + self.queue[-1]


torch._dynamo.reset()
x = torch.rand((2, 2))
mod = MyMod()
cnts = CompileCounter()
assert same(torch.compile(mod, backend=cnts)(x), mod(x))
assert cnts.frame_count >= 1, cnts.frame_count
