# PyTorch test/dynamo/test_modules.py NNModuleTests.test_lazy_module_no_cls_to_become: a lazy
# module without cls_to_become whose forward calls super().impl(x.sin()) (a parent method that
# reads the parameter made by initialize_parameters); fullgraph, the result equals eager's.
import torch
import torch._dynamo
from torch.nn.modules.lazy import LazyModuleMixin


class LazyParentModule(LazyModuleMixin, torch.nn.Module):
    def __init__(self):
        super().__init__()

    def impl(self, x):
        return x.cos() + self._val


class LazyChildModuleNoClsToBecome(LazyParentModule):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return super().impl(x.sin())

    def initialize_parameters(self, input):
        self._val = torch.nn.Parameter(torch.ones(2, 2))


m = LazyChildModuleNoClsToBecome()
x = torch.rand(2, 2)
opt_m = torch.compile(m, backend="eager", fullgraph=True)
res = opt_m(x)
ref = m(x)
assert torch.allclose(ref, res)
