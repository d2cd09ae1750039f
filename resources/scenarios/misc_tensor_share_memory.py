# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_share_memory: a module's forward makes a
# zeros tensor and calls share_memory_() on it (graph break allowed): the result equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import same


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden_size = 64
        self.num_layers = 2

    def forward(self, x):
        batch_size = x.size(0)
        h = torch.zeros(self.num_layers, batch_size, self.hidden_size).share_memory_()
        c = torch.zeros(self.num_layers, batch_size, self.hidden_size)
        return x + h.sum() + c.sum()


torch._dynamo.reset()
model = Model()
x = torch.randn(4, 10)
assert same(torch.compile(model, fullgraph=False, backend="eager")(x), model(x))
