# Scenario: CompileCounterWithBackend counts graphs and hands them to a named backend.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounterWithBackend


def fn(x):
    return (x + 1) * (x - 1)


torch._dynamo.reset()
cnt = CompileCounterWithBackend("eager")
x = torch.randn(4)
assert torch.allclose(torch.compile(fn, backend=cnt)(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
