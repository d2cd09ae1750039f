# Scenario: map() with a lambda over a list of tensors, inlined: 3 adds.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(xs):
    return list(map(lambda t: t + 1, xs))


torch._dynamo.reset()
xs = [torch.randn(2) for _ in range(3)]
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
res, ref = opt(xs), fn(xs)
assert isinstance(res, list) and len(res) == 3
assert all(torch.allclose(a, b) for a, b in zip(res, ref))
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
