# Scenario: getattr(obj, "scale", 1.0) on an object without the attribute folds the default
# and guards that the attribute stays absent; once it is set the function recompiles and uses
# it. Each graph: one mul. frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Config:
    pass


def fn(x, cfg):
    return x * getattr(cfg, "scale", 1.0)


torch._dynamo.reset()
x = torch.randn(4)
cfg = Config()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x, cfg), x)
cfg.scale = 3.0
assert torch.equal(opt(x, cfg), x * 3.0)
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
