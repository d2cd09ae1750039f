# Scenario: the PyTorch 2.0 form explain(fn, *args) still works in 2.1+, with a FutureWarning,
# and returns the same ExplainOutput as explain(fn)(*args).
import warnings

import torch
import torch._dynamo


def fn(x):
    x = x.cos()
    torch._dynamo.graph_break()
    return x + 1


torch._dynamo.reset()
x = torch.randn(3)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    old = torch._dynamo.explain(fn, x)
assert any(issubclass(w.category, FutureWarning) for w in caught), [w.category for w in caught]
new = torch._dynamo.explain(fn)(x)
assert (old.graph_count, old.graph_break_count, old.op_count) == (2, 1, 1)
assert (new.graph_count, new.graph_break_count, new.op_count) == (2, 1, 1)
