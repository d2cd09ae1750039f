# PyTorch test/dynamo/test_modules.py NNModuleTests.test_module_forward_has_graph_break: forward
# builds dicts and lists of the module's named_parameters/parameters/named_buffers/buffers/
# named_modules/modules, then breaks (torch._dynamo.graph_break()); after the break it reads
# parameters out of the rebuilt dict (y["layer3.1.linear1.weight"] ...). The values must be
# rebuilt correctly at the break: the result equals eager's (pytorch/torchdynamo#1931).
import torch
import torch._dynamo
import torch.nn.functional as F


class BasicModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        return F.relu(self.linear1(x)) * self.scale


class ModuleForwardHasGraphBreak(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = BasicModule()
        self.layer2 = BasicModule()
        self.layer3 = torch.nn.Sequential(BasicModule(), BasicModule())
        self.layer4 = torch.nn.ModuleList(
            [torch.nn.Linear(10, 10), torch.nn.ReLU(), torch.nn.Linear(10, 10), torch.nn.ReLU()]
        )
        self.layer5 = torch.nn.ModuleDict({"0": torch.nn.Linear(10, 10)})
        self.scale = torch.randn(1, 10)

    def forward(self, x):
        x = self.layer1(x)
        params1 = dict(self.named_parameters())
        params2 = list(self.parameters())
        buffers1 = dict(self.named_buffers())
        buffers2 = list(self.buffers())
        modules1 = dict(self.named_modules())
        modules2 = list(self.modules())
        torch._dynamo.graph_break()
        y = modules2
        y = modules1
        y = buffers2
        y = buffers1
        y = params2
        y = params1
        x = (
            self.layer2(x)
            + y["layer3.1.linear1.weight"]
            + y["layer4.2.weight"]
            + y["layer5.0.weight"]
        )
        return x * self.scale


m = ModuleForwardHasGraphBreak()
x = torch.rand([10, 10])
ref = m(x)
opt_m = torch.compile(m, backend="eager")
res = opt_m(x)
assert torch.allclose(ref, res)
