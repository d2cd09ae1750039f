# PyTorch test/dynamo/test_misc.py MiscTests.test_config_obj: a config object's attributes are
# guarded: changing count and val recompiles with the new values; v ends at 7, op_count 8 (3 + 3 +
# 1 + 1 adds).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Cfg:
    def __init__(self):
        self.val = 0.5
        self.count = 3


def fn(x, cfg):
    for i in range(cfg.count):
        x = x + cfg.val
    return x


torch._dynamo.reset()
cfg1 = Cfg()
cfg1.val = 1.0
cfg2 = Cfg()
v = torch.zeros(1)
cnts = CompileCounter()
opt = torch._dynamo.optimize(cnts)(fn)
v = opt(v, cfg1)  # 3
v = opt(v, cfg2)  # 4.5
cfg2.count = 1
v = opt(v, cfg2)  # 5
cfg2.val = 2.0
v = opt(v, cfg2)  # 7
assert v[0] == 7, v
assert cnts.op_count == 8, cnts.op_count
