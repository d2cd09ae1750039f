# PyTorch test/dynamo/test_misc.py MiscTests.test_set_discard: set.discard of a present and an absent
# element on a set built in the frame: len 0, 1 op (fullgraph=True), result equal to x.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(y):
    s = set(["bar"])
    s.discard("bar")
    s.discard("foo")
    return y + len(s)


torch._dynamo.reset()
cnts = CompileCounter()
x = torch.randn(3)
assert torch.equal(torch.compile(fn, backend=cnts, fullgraph=True)(x), x)
assert cnts.op_count == 1, cnts.op_count
