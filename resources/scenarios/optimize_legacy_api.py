# Scenario: the PyTorch 2.0 API torch._dynamo.optimize(backend)(fn), and nopython=True as the
# old spelling of fullgraph=True.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return x.abs().sum()


def breaks(x):
    torch._dynamo.graph_break()
    return x + 1


torch._dynamo.reset()
cnt = CompileCounter()
x = torch.randn(5)
assert torch.allclose(torch._dynamo.optimize(cnt)(fn)(x), fn(x))
assert (cnt.frame_count, cnt.op_count) == (1, 2)
try:
    torch._dynamo.optimize("eager", nopython=True)(breaks)(x)
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("nopython=True must raise on a graph break")
