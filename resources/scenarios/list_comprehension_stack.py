# Scenario: a list comprehension (a nested <listcomp> function in 3.11, inlined by Dynamo) and
# torch.stack. Nodes: 3 mul, stack, sum (call_method) = 5 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(xs):
    return torch.stack([t * 2 for t in xs]).sum(0)


torch._dynamo.reset()
xs = [torch.randn(4) for _ in range(3)]
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(xs), fn(xs))
assert (cnt.frame_count, cnt.op_count) == (1, 5), (cnt.frame_count, cnt.op_count)
