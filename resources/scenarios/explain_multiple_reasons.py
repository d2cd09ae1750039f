# Scenario: explain lists every break with its reason and user stack, in order.
# Breaks: graph_break() then .item(): 3 graphs, 2 breaks. call_function ops: add, mul, sub = 3.
import inspect

import torch
import torch._dynamo


def fn(x):
    y = x + 1
    torch._dynamo.graph_break()
    z = y * 2
    v = z.sum().item()
    return z - v


torch._dynamo.reset()
x = torch.randn(3)
out = torch._dynamo.explain(fn)(x)
assert (out.graph_count, out.graph_break_count) == (3, 2), repr(out)
assert out.op_count == 3, out.op_count
lines, first = inspect.getsourcelines(fn)
expected = [first + i for i, l in enumerate(lines) if "graph_break()" in l or ".item()" in l]
got = [r.user_stack[-1].lineno for r in out.break_reasons]
assert got == expected, (got, expected)
assert all(r.reason for r in out.break_reasons)
