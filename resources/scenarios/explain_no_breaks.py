# Scenario: explain on break-free code: one graph, no breaks, op_count = call_function nodes
# (torch.sigmoid, mul = 2; .sum() is a call_method and not counted).
import torch
import torch._dynamo


def fn(x):
    return (torch.sigmoid(x) * 2).sum()


torch._dynamo.reset()
out = torch._dynamo.explain(fn)(torch.randn(4))
assert (out.graph_count, out.graph_break_count, out.op_count) == (1, 0, 2), repr(out)
assert out.break_reasons == []
assert len(out.out_guards) >= 1  # at least the guard on L['x']
assert "Break Reason 1" not in str(out)
