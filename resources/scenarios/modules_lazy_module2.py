# PyTorch test/dynamo/test_modules.py NNModuleTests.test_lazy_module2: a model of two LazyLinear
# layers compiled with fullgraph is called before any eager call, so the lazy parameters are
# materialised during the compiled call (Dynamo runs the initialisation, then traces the
# initialised module); the result then equals eager's.
import torch
import torch._dynamo


class LazyMLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.LazyLinear(10)
        self.relu1 = torch.nn.ReLU()
        self.fc2 = torch.nn.LazyLinear(1)
        self.relu2 = torch.nn.ReLU()

    def forward(self, input):
        x = self.relu1(self.fc1(input))
        y = self.relu2(self.fc2(x))
        return y


m = LazyMLP()
x = torch.rand([10, 10])
opt_m = torch.compile(m, backend="eager", fullgraph=True)
res = opt_m(x)
ref = m(x)
assert torch.allclose(ref, res)
assert isinstance(m.fc1, torch.nn.Linear) and m.fc1.weight.shape == (10, 10)
