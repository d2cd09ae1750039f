# PyTorch test/dynamo/test_misc.py MiscTests.test_user_getattr1: a dict subclass whose __getattr__
# reads self[name]: cfg.offset is traced through it: 1 graph, 2 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Config(dict):
    def __getattr__(self, name):
        return self[name]


def fn(cfg, x, y):
    return x + y + cfg.offset


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts)(Config(offset=5), x, x), 2 * x + 5)
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
