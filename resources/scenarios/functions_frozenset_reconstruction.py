# PyTorch test/dynamo/test_functions.py DefaultsTests.test_frozenset_reconstruction: a frozenset
# made before a graph break is handed to CPython and used as a dict key after it; the result
# equals eager.
import torch
import torch._dynamo

d = {}
f = frozenset()
d[f] = torch.randn(4)


def fn(x):
    k = frozenset()
    torch._dynamo.graph_break()
    return d[k] * x


opt_fn = torch.compile(fn, backend="eager")
x = torch.randn(4)
res = fn(x)
ref = opt_fn(x)
assert torch.allclose(ref, res)
