# PyTorch test/dynamo/test_misc.py MiscTests.test_config_getattr_default: getattr(cfg,
# "just_add_7", False) guards the attribute's absence and then its value: absent, True, False are 3
# graphs; results 5, 7, 5.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Cfg:
    def __init__(self):
        self.val = 0.5
        self.count = 10


def fn(x, cfg):
    if getattr(cfg, "just_add_7", False):
        return x + 7
    for i in range(cfg.count):
        x = x + cfg.val
    return x


torch._dynamo.reset()
cfg1 = Cfg()
v = torch.zeros(1)
cnts = CompileCounter()
opt = torch._dynamo.optimize(cnts)(fn)
assert opt(v, cfg1)[0] == 5 and opt(v, cfg1)[0] == 5
cfg1.just_add_7 = True
assert opt(v, cfg1)[0] == 7 and opt(v, cfg1)[0] == 7
cfg1.just_add_7 = False
assert opt(v, cfg1)[0] == 5 and opt(v, cfg1)[0] == 5
assert cnts.frame_count == 3, cnts.frame_count
