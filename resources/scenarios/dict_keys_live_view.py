# Scenario: dict.keys() and dict.values() are live views: a key added after the view was taken
# is seen when the view is iterated, as in CPython. One graph: add of each value = 3 adds.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    d = {"a": 1, "b": 2}
    keys = d.keys()
    values = d.values()
    d["c"] = 3
    total = x
    for v in values:
        total = total + v
    return total, list(keys), len(keys), "c" in keys


torch._dynamo.reset()
x = torch.zeros(2)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
res, ref = opt(x), fn(x)
assert torch.equal(res[0], ref[0]) and res[1:] == ref[1:] == (["a", "b", "c"], 3, True), res
assert (cnt.frame_count, cnt.op_count) == (1, 3), (cnt.frame_count, cnt.op_count)
