# PyTorch test/dynamo/test_misc.py MiscTests.test_user_property: a @property on a user class is
# traced: 1 graph, 2 ops, 2 * x + 5.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Config:
    @property
    def five(self):
        return 5


def fn(cfg, x, y):
    return x + y + cfg.five


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts)(Config(), x, x), 2 * x + 5)
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
