# PyTorch test/dynamo/test_functions.py DefaultsTests.test_set_construction: y = x.add_(1) is x
# itself, so set({x}) plus y has one member; fullgraph=True, result equal to eager.
import torch
import torch._dynamo


def fn(x):
    y = x.add_(1)
    s = set({x})
    s.add(y)
    return len(s)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
res = fn(x)
ref = opt_fn(x)
assert ref == res == 1, (ref, res)
