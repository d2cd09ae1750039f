# Scenario: a loop over dict.items() with tensor values; len(k) of the constant keys is a
# constant. Per item: mul, add = 2 ops; 2 items = 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x, d):
    for k, v in d.items():
        x = x + v * len(k)
    return x


torch._dynamo.reset()
x = torch.randn(3)
d = {"a": torch.randn(3), "bb": torch.randn(3)}
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(x, d), fn(x, d))
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)
