# PyTorch test/dynamo/test_modules.py NNModuleTests.test_unsupportedmethod: a module method that
# ends in an untraceable call (torch._dynamo.testing.unsupported) breaks inside the inlined method;
# results equal eager and the graphs hold 5 ops in all (linear, relu, two muls, add).
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


class UnsupportedMethodCall(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.scale = torch.randn(1, 10)

    def call_and_scale(self, mod, x):
        x = mod(x)
        x = x * self.scale
        return unsupported(x, x)

    def forward(self, x):
        x1 = self.call_and_scale(self.layer1, x)
        return x + x1


torch._dynamo.reset()
m = UnsupportedMethodCall()
i = torch.randn(10)
cnt = CompileCounter()
opt_m = torch.compile(m, backend=cnt)
assert same(opt_m(i), m(i))
assert cnt.op_count == 5, cnt.op_count
