# Scenario: branching on x.dtype is resolved while tracing (the dtype is guarded).
# float32 input: double (call_method) + mul = 2 ops; an int64 input recompiles: add = 1 op.
# frame_count 2, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if x.dtype == torch.float32:
        return x.double() * 2
    return x + 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
f, i = torch.randn(4), torch.arange(4)
rf, ri = opt(f), opt(i)
assert rf.dtype == torch.float64 and torch.allclose(rf, fn(f))
assert ri.dtype == torch.int64 and torch.equal(ri, fn(i))
assert (cnt.frame_count, cnt.op_count) == (2, 3), (cnt.frame_count, cnt.op_count)
