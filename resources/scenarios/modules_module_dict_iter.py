# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_module_dict_iter_name and
# test/dynamo/test_modules.py OptimizedModuleTest.test_module_dict_iter_keys and
# test/dynamo/test_modules.py OptimizedModuleTest.test_module_dict_iter_values: a forward that
# iterates a ModuleDict (LeakyReLU then PReLU) itself, through keys() (indexing by each key) or
# through values() compiles to one frame, and its result equals eager's on ones(10, 10).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class IterModuleDict(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.activations = torch.nn.ModuleDict(
            [["lrelu", torch.nn.LeakyReLU()], ["prelu", torch.nn.PReLU()]]
        )


class IterName(IterModuleDict):
    def forward(self, x):
        for activation_name in self.activations:
            x = self.activations[activation_name](x)
        return x


class IterKeys(IterModuleDict):
    def forward(self, x):
        for activation_name in self.activations.keys():
            x = self.activations[activation_name](x)
        return x


class IterValues(IterModuleDict):
    def forward(self, x):
        for activation in self.activations.values():
            x = activation(x)
        return x


for cls in (IterName, IterKeys, IterValues):
    torch._dynamo.reset()
    cnt = CompileCounter()
    eager_res = cls()(torch.ones(10, 10))
    optim_res = torch.compile(cls(), backend=cnt)(torch.ones(10, 10))
    assert torch.equal(eager_res, optim_res), cls.__name__
    assert cnt.frame_count == 1, (cls.__name__, cnt.frame_count)
