# Scenario: torch._dynamo.explain on the contract's first example.
# graph_count 2, graph_break_count 1. explain's op_count counts call_function nodes only
# (Dynamo's _explain_graph_detail): graph 1 has abs (call_method) and add (call_function),
# graph 2 has sqrt (call_method): op_count 1, ops_per_graph [[add], []].
import inspect
import operator

import torch
import torch._dynamo


def fn(x):
    y = x.abs() + 2
    torch._dynamo.graph_break()
    return y.sqrt()


torch._dynamo.reset()
out = torch._dynamo.explain(fn)(torch.randn(3))
assert (out.graph_count, out.graph_break_count, out.op_count) == (2, 1, 1), repr(out)
assert len(out.graphs) == 2 and len(out.break_reasons) == 1
assert out.ops_per_graph == [[operator.add], []], out.ops_per_graph
# The break's user stack points at the graph_break() line of fn.
lines, first = inspect.getsourcelines(fn)
break_line = first + next(i for i, l in enumerate(lines) if "graph_break()" in l)
frame = out.break_reasons[0].user_stack[-1]
assert (frame.lineno, frame.name) == (break_line, "fn"), frame
assert frame.filename == __file__ or frame.filename.endswith("explain_contract.py"), frame.filename
