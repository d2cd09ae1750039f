# PyTorch test/dynamo/test_modules.py NNModuleTests.test_lazy_module6: a lazy module whose
# initialize_parameters creates a lazy child (which initialises itself on its first call) gets a
# list of three tensors; compiled with fullgraph before any eager call, the result equals eager's.
import torch
import torch._dynamo
from torch.nn.modules.lazy import LazyModuleMixin


class LazyLayerWithListInput(LazyModuleMixin, torch.nn.Module):
    def __init__(self):
        super().__init__()

    def initialize_parameters(self, input):
        with torch.no_grad():
            self._param = torch.nn.Parameter(torch.empty(input[0].shape).fill_(0.5))

    def forward(self, input):
        x = 0
        for i in range(len(input)):
            x = x + input[i]
        return x


class LazyModuleWithLazySubmodule(LazyModuleMixin, torch.nn.Module):
    def __init__(self):
        super().__init__()

    def initialize_parameters(self, input):
        with torch.no_grad():
            self.layer = LazyLayerWithListInput()

    def forward(self, x):
        return self.layer(x)


m = LazyModuleWithLazySubmodule()
x = [torch.rand([5, 5])] * 3
opt_m = torch.compile(m, backend="eager", fullgraph=True)
res = opt_m(x)
ref = m(x)
assert torch.allclose(ref, res)
