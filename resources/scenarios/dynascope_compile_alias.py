# Scenario: `dynascope.compile` is torch.compile under Dynascope's name.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

import dynascope


def fn(x):
    return x.tanh() * 2


torch._dynamo.reset()
cnt = CompileCounter()
x = torch.randn(3)
assert torch.allclose(dynascope.compile(fn, backend=cnt)(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2)
