# PyTorch test/dynamo/test_misc.py MiscTests.test_param_shape_binops: int arithmetic between a
# parameter's size and the input's size (parameter first: reflected operators) folds: fullgraph,
# 1 graph, 1 op with static shapes; result equal to eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Mod(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(15))

    def forward(self, x):
        p = self.weight.shape[0]
        r = p - x.shape[0]
        r = p + r
        r = p * r
        r = p % r
        r = p ** r
        r = p // r
        r = pow(p, r)
        r = p / r
        return x + r


torch._dynamo.reset()
cnts = CompileCounter()
mod = Mod()
x = torch.randn(3)
expected = mod(x)
got = torch.compile(mod, backend=cnts, fullgraph=True)(x)
assert same(expected, got), (expected, got)
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
