# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_hooks_allowed_modules_compiles:
# forward hooks on every module of a Sequential model (they append their inputs to a list) all
# fire on compiled (fullgraph) calls: 6 hook calls per forward (model, net and its 4 layers),
# one frame over two iterations with backward.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class ToyModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(
            *[torch.nn.Linear(10, 10000), torch.nn.ReLU()]
            + [torch.nn.Linear(10000, 5), torch.nn.ReLU()]
        )

    def forward(self, x):
        return self.net(x)


model = ToyModel()
activations = []


def save_activations(mod, inp, out):
    activations.append(inp)


for name, module in model.named_modules():
    module.register_forward_hook(save_activations)

cnt = CompileCounter()
model = torch.compile(model, backend=cnt, fullgraph=True)
for i in range(2):
    activations.clear()
    x = torch.randn((20, 10))
    pred = model(x)
    loss = pred.sum()
    loss.backward()
assert len(activations) == 6, len(activations)
assert cnt.frame_count == 1, cnt.frame_count
