# Scenario: zip() over two lists of tensors: acc = acc + a * b, 2 ops per pair, 3 pairs = 6.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(acc, xs, ys):
    for a, b in zip(xs, ys):
        acc = acc + a * b
    return acc


torch._dynamo.reset()
acc = torch.zeros(3)
xs = [torch.randn(3) for _ in range(3)]
ys = [torch.randn(3) for _ in range(3)]
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.allclose(opt(acc, xs, ys), fn(acc, xs, ys))
assert (cnt.frame_count, cnt.op_count) == (1, 6), (cnt.frame_count, cnt.op_count)
