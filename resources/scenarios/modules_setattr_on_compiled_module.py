# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_setattr_on_compiled_module
# (pytorch#114844): forward stores an intermediate tensor on the module (self.x = res); an
# attribute set on the OptimizedModule goes to the wrapped module, and after one call the
# compiled copy's x equals the eager module's.
import copy

import torch
import torch._dynamo


class ReplayMutation(torch.nn.Module):
    def __init__(self, inp_size, out_size, inner_size):
        super().__init__()
        self.Linear1 = torch.nn.Linear(inp_size, inner_size)
        self.Linear2 = torch.nn.Linear(inner_size, out_size)
        self.x = None

    def forward(self, inp):
        res = self.Linear1(inp)
        self.x = res
        return self.Linear2(res)


N, D_in, H, inner = 2, 2, 2, 4
model = ReplayMutation(D_in, H, inner)
model2 = copy.deepcopy(model)
inp = torch.ones(N, D_in)

model.x = torch.tensor([[100, 100, 100, 100], [200, 200, 200, 200]])
model(inp)

compiled_model = torch.compile(model2, backend="eager")
compiled_model.x = torch.tensor([[100, 100, 100, 100], [200, 200, 200, 200]])
compiled_model(inp)
assert torch.allclose(model.x, compiled_model.x)
assert torch.allclose(model.x, model2.x)
