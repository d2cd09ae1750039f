# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_add: set.add on a global set inside
# the compiled function (fullgraph=True) is replayed on the set after the graph: results equal
# eager and the set holds 3 members afterwards.
import torch
import torch._dynamo

s = set([1, 2])


def fn(x):
    s.add(3)
    return torch.cos(x) * len(x)


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.rand(4)
assert torch.allclose(fn(x), opt_fn(x))
assert len(s) == 3 and s == {1, 2, 3}, s
