# Scenario: torch.nonzero has a data-dependent output shape: a graph break (Dynamo's default
# capture_dynamic_output_shape_ops=False). Graph 1 = add; nonzero runs eagerly; the resume
# graph = sum, add. frame_count 2, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = x + 1
    idx = torch.nonzero(y)
    return idx.sum() + 1


torch._dynamo.reset()
x = torch.tensor([-1.0, 0.0, 2.0, -1.0, 5.0])
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
assert torch.equal(opt(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
