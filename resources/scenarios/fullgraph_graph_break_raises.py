# Scenario: fullgraph=True turns a graph break into torch._dynamo.exc.Unsupported on the first
# call, before anything runs: the side effect before the break does not happen and nothing is
# compiled.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

SEEN = []


def fn(x):
    SEEN.append(1)
    y = x + 1
    torch._dynamo.graph_break()
    return y * 2


torch._dynamo.reset()
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
try:
    opt(torch.randn(3))
except torch._dynamo.exc.Unsupported as e:
    assert isinstance(e, torch._dynamo.exc.TorchDynamoException) or isinstance(e, RuntimeError)
else:
    raise AssertionError("fullgraph=True must raise on a graph break")
assert SEEN == []
assert cnt.frame_count == 0, cnt.frame_count
