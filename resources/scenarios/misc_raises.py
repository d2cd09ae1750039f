# PyTorch test/dynamo/test_misc.py MiscTests.test_raises: `raise cls(str(x))` after tensor math:
# the graph before the raise (3 ops) compiles and the exception reaches the caller: frame_count 1,
# op_count 3.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b, c, cls):
    x = a + b - c * 10
    raise cls(str(x))


torch._dynamo.reset()
a, b, c = torch.randn(10, 10), torch.randn(10, 10), torch.randn(10, 10)
counter = CompileCounter()
opt = torch._dynamo.optimize(counter)(fn)
try:
    opt(a, b, c, AssertionError)
    raise SystemExit("no exception")
except AssertionError:
    pass
assert (counter.frame_count, counter.op_count) == (1, 3), (counter.frame_count, counter.op_count)
