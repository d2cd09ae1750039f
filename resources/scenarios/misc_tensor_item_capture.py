# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_item_capture: with capture_scalar_outputs,
# (a + b).sum().item() is a graph node and the Python number is the function's result: equals
# eager, frame_count 1, op_count 4 (PyTorch's count).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(a, b):
    return (a + b).sum().item()


torch._dynamo.reset()
torch._dynamo.config.capture_scalar_outputs = True
try:
    v1 = torch.randn((10, 10))
    v2 = torch.randn((10, 10))
    cnts = CompileCounter()
    assert torch.compile(fn, backend=cnts)(v1, v2) == fn(v1, v2)
    assert (cnts.frame_count, cnts.op_count) == (1, 4), (cnts.frame_count, cnts.op_count)
finally:
    torch._dynamo.config.capture_scalar_outputs = False
