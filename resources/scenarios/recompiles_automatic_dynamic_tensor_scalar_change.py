# PyTorch test/dynamo/test_recompiles.py test_automatic_dynamic_tensor_scalar_change: y swaps
# between a tensor and an int while x grows. With automatic dynamic shapes (and ints that become
# dynamic once they change) the seven calls need 3 graphs: frame_count 3, op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def foo(x, y):
    return x * y


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch._dynamo.optimize(cnt)(foo)
calls = [(2, "t"), (3, 3), (4, "t"), (4, "t"), (5, 4), (5, 4), (6, "t")]
for n, y in calls:
    x = torch.randn(n)
    y = torch.randn(n) if y == "t" else y
    assert torch.allclose(opt(x, y), foo(x, y))
assert (cnt.frame_count, cnt.op_count) == (3, 3), (cnt.frame_count, cnt.op_count)
