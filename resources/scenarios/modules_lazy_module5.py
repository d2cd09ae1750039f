# PyTorch test/dynamo/test_modules.py NNModuleTests.test_lazy_module5: a lazy layer (its own
# initialize_parameters under no_grad) receives a list of tensors (input[:-1] of three tensors
# and a None); compiled with fullgraph before any eager call, the result equals eager's.
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


class LazyModuleWithListInput(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = LazyLayerWithListInput()

    def forward(self, input):
        return self.layer(input[:-1])


m = LazyModuleWithListInput()
x = [torch.rand([5, 5])] * 3 + [None]
opt_m = torch.compile(m, backend="eager", fullgraph=True)
res = opt_m(x)
ref = m(x)
assert torch.allclose(ref, res)
