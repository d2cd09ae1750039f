# PyTorch test/dynamo/test_functions.py DefaultsTests.test_listlike_of_tensors_contains_constant,
# the set case: `1 in set([x])` after x.add_(1) under fullgraph=True is False as in eager (a
# tensor member is found by identity, an int by value). The list case (`1 in [x]`, which eager
# answers from the tensor's value, x == 1) is not restated here: it is a data-dependent
# comparison, a graph break in this engine.
import torch
import torch._dynamo


def fn(x):
    x.add_(1)
    s = set([x])
    res = 1 in s
    return res


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(1)
ref = opt_fn(x)
res = fn(x)
assert ref == res and ref is False, (ref, res)
