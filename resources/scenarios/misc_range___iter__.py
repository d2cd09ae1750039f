# PyTorch test/dynamo/test_misc.py MiscTests.test_range___iter__: range(3).__iter__() and next()
# on it inside the graph (fullgraph=True); equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def func(x):
    it = range(3).__iter__()
    return x + next(it)


x = torch.randn(3)
assert same(func(x), torch.compile(func, backend="eager", fullgraph=True)(x))
