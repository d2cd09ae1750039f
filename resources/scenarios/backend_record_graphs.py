# Scenario: torch._dynamo.testing.EagerAndRecordGraphs keeps every graph: two around a break,
# each with one call node (neg | exp), each runnable on its own.
import torch
import torch._dynamo
from torch._dynamo.testing import EagerAndRecordGraphs


def fn(x):
    y = -x
    torch._dynamo.graph_break()
    return y.exp()


torch._dynamo.reset()
backend = EagerAndRecordGraphs()
x = torch.randn(3)
assert torch.allclose(torch.compile(fn, backend=backend)(x), fn(x))
assert len(backend.graphs) == 2
first, second = backend.graphs
assert [n.op for n in first.graph.nodes if "call" in n.op] == ["call_function"]
assert [n.target for n in second.graph.nodes if n.op == "call_method"] == ["exp"]
(neg,) = first(x)
assert torch.allclose(neg, -x)
