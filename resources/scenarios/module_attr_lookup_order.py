# Scenario: attribute lookup on an nn.Module follows CPython: the instance __dict__ wins over
# nn.Module.__getattr__ (parameters, buffers, submodules), which only runs when normal lookup
# fails. Here `scale` is both a parameter and (set behind Module.__setattr__'s back) an instance
# attribute: eager reads the instance attribute, and so must the graph. One mul, one add.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Scaled(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Parameter(torch.full((3,), 2.0))
        object.__setattr__(self, "scale", torch.full((3,), 5.0))
        self.register_buffer("shift", torch.ones(3))

    def forward(self, x):
        return x * self.scale + self.shift


torch._dynamo.reset()
m = Scaled()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(m, backend=cnt, fullgraph=True)
assert torch.allclose(opt(x), x * 5.0 + 1.0)
assert torch.allclose(opt(x), m(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
