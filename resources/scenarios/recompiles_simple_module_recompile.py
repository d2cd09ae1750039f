# PyTorch test/dynamo/test_recompiles.py test_simple_module_recompile: switching a module between
# eval() and train() flips `training`, which dropout reads: one graph per mode, no more, over 20
# rounds (fullgraph=True): frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class SimpleDropout(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.dropout = torch.nn.Dropout(0.5)
        self.linear = torch.nn.Linear(10, 1)

    def forward(self, x):
        return self.dropout(self.linear(x))


torch._dynamo.reset()
model = SimpleDropout()
x = torch.randn(10)
cnt = CompileCounter()
opt = torch.compile(model, backend=cnt, fullgraph=True)
for _ in range(20):
    model.eval()
    assert torch.equal(opt(x), model(x))
    model.train()
    opt(x)
assert cnt.frame_count == 2, cnt.frame_count
