# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_item_no_capture (test_tensor_item in older
# versions): (a + b).sum().item() at the end with capture_scalar_outputs off: the graph before
# .item() (add, sum) compiles; the item runs after it: frame_count 1, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b):
    return (a + b).sum().item()


torch._dynamo.reset()
v1, v2 = torch.randn((10, 10)), torch.randn((10, 10))
correct = fn(v1, v2)
cnts = CompileCounter()
assert abs(torch._dynamo.optimize(cnts)(fn)(v1, v2) - correct) < 1e-4
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
