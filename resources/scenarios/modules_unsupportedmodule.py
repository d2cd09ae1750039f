# PyTorch test/dynamo/test_modules.py NNModuleTests.test_unsupportedmodule: a submodule whose
# forward ends in an untraceable call; the caller's graph and the submodule's own frame together
# hold 6 ops (mul 1.5, linear, relu, two muls, add 1); results equal eager.
import torch
import torch._dynamo
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same, unsupported


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        return F.relu(self.linear1(x)) * self.scale


class UnsupportedModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x) * self.scale
        return unsupported(x, x)


class UnsupportedModuleCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.mod = UnsupportedModule()

    def forward(self, x):
        return 1 + self.mod(x * 1.5)


torch._dynamo.reset()
m = UnsupportedModuleCall()
i = torch.randn(10)
cnt = CompileCounter()
opt_m = torch.compile(m, backend=cnt)
assert same(opt_m(i), m(i))
assert cnt.op_count == 6, cnt.op_count
