# PyTorch test/dynamo/test_misc.py MiscTests.test_user_getattr2: class attribute, instance attribute
# and a __getattr__ fallback resolve in CPython's order: 1 graph, 3 ops, x + 1 - 2 + 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Config:
    on_class = 1

    def __init__(self):
        self.on_object = 2

    def __getattr__(self, name):
        return 3


def fn(cfg, x):
    return x + cfg.on_class - cfg.on_object + cfg.not_defined


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts)(Config(), x), x + 1 - 2 + 3)
assert (cnts.frame_count, cnts.op_count) == (1, 3), (cnts.frame_count, cnts.op_count)
