# PyTorch test/dynamo/test_modules.py NNModuleTests.test_inject_module_parameters: every
# submodule's _parameters is replaced by an OrderedDict subclass (DeepSpeed ZeRO's pattern, with
# its own __init__ and a __getitem__ that calls super()); the module still compiles (backend
# inductor) and runs. The test only asserts that no error is raised; here the result is also
# compared with eager's.
from collections import OrderedDict

import torch
import torch._dynamo


class ParametersModule5(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.nn.Parameter(torch.randn(10, 10))
        self.scale_dup = self.scale

    def forward(self, x):
        counter = 0
        for param in self.parameters():
            counter += 1
        return x * self.scale * counter


class ZeROOrderedDict(OrderedDict):
    def __init__(self, parent_module=None, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._parent_module = parent_module

    def __getitem__(self, key):
        param = super().__getitem__(key)
        return param


def inject_parameters(module, cls):
    for m in module.modules():
        if cls == ZeROOrderedDict:
            new_param = cls(parent_module=m)
        else:
            new_param = cls()
        for key, param in m._parameters.items():
            new_param[key] = param
        m._parameters = new_param


model = ParametersModule5()
inject_parameters(model, ZeROOrderedDict)
x = torch.ones(10)
ref = model(x)
opt_model = torch.compile(model, backend="inductor")
y = opt_model(x)
assert torch.allclose(ref, y), (ref, y)
