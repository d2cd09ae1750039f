# PyTorch test/dynamo/test_misc.py MiscTests.test_shape_unpack: `a, b = x.size()` then x * b:
# results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    a, b = x.size()
    return x * b


torch._dynamo.reset()
i = torch.randn(5, 10)
cnt = CompileCounter()
assert same(torch.compile(fn, backend=cnt)(i), fn(i))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
