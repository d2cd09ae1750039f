# Scenario: a dtype change recompiles (TENSOR_MATCH checks dtype). One add per graph.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x + 1


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
f32, f64 = torch.randn(3), torch.randn(3, dtype=torch.float64)
assert opt(f32).dtype == torch.float32 and opt(f64).dtype == torch.float64
assert torch.equal(opt(f64), fn(f64))
assert (cnt.frame_count, cnt.op_count) == (2, 2), (cnt.frame_count, cnt.op_count)
