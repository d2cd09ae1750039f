# Scenario: a user class whose __getattr__ serves missing attributes from a dict (a common config
# pattern). Dynamo inlines __getattr__; the value read through it is used in the graph and the
# function is one graph (fullgraph). Nodes: mul, add = 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Config:
    def __init__(self, **values):
        self._values = values

    def __getattr__(self, name):
        return self._values[name]


def fn(x, cfg):
    return x * cfg.scale + cfg.shift


torch._dynamo.reset()
cfg = Config(scale=3.0, shift=1.0)
x = torch.randn(4)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
assert torch.allclose(opt(x, cfg), fn(x, cfg))
assert (cnt.frame_count, cnt.op_count) == (1, 2), (cnt.frame_count, cnt.op_count)
