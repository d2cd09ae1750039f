# PyTorch test/dynamo/test_functions.py DefaultsTests.test_frozenset_construction: frozenset({x})
# of a tensor and frozenset() of that frozenset in the trace (fullgraph=True): len 1 as eager.
import torch
import torch._dynamo


def fn(x):
    s = frozenset({x})
    t = frozenset(s)
    return len(t)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
res = fn(x)
ref = opt_fn(x)
assert ref == res == 1, (ref, res)
