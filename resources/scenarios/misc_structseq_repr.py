# PyTorch test/dynamo/test_misc.py MiscTests.test_structseq_repr: repr() of the structseq that
# torch.max(x, dim=0) returns is a graph break (fullgraph=True raises Unsupported); without
# fullgraph one graph is compiled and the values equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    result = torch.max(x, dim=0)
    s = repr(result)
    return result.values


torch._dynamo.reset()
x = torch.randn(3, 2)
try:
    torch.compile(fn, fullgraph=True, backend="eager")(x)
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("repr() of a structseq must break")
torch._dynamo.reset()
cnts = CompileCounter()
res = torch._dynamo.optimize(cnts)(fn)(x)
assert torch.equal(res, fn(x))
assert cnts.frame_count == 1, cnts.frame_count
