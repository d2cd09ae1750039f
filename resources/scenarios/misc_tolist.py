# PyTorch test/dynamo/test_misc.py MiscTests.test_tolist: a.tolist() unpacked into five ints (a
# graph break without capture_scalar_outputs), then a * u0 * u1: equals eager, frame_count 2
# (PyTorch counts with the inductor backend; eager here, the same frames).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def func(a):
    a = a * 100
    u0, u1, u2, u3, u4 = a.tolist()
    return a * u0 * u1


torch._dynamo.reset()
cnt = CompileCounter()
x = torch.tensor([1, 2, 3, 4, 5])
assert torch.equal(torch.compile(func, fullgraph=False, backend=cnt)(x), func(x))
assert cnt.frame_count == 2, cnt.frame_count
