# Scenario: torch.compile(..., disable=True) returns code that runs eagerly: nothing compiled.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.exp() - 1


torch._dynamo.reset()
x = torch.randn(3)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, disable=True)
assert torch.allclose(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (0, 0), (cnt.frame_count, cnt.op_count)
