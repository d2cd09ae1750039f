# PyTorch test/dynamo/test_misc.py MiscTests.test_tuple_from_tuple_iter: tuple() of a list and of a
# tuple iterator argument, splatted into a varargs function; equal to eager, also after a
# recompile for a longer iterator.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def inner_fn(*args):
    acc = torch.ones(10, 10)
    for arg in args:
        acc.add_(arg)
    return acc


def fn(params):
    y = tuple(params)
    return inner_fn(*y)


opt = torch.compile(fn, backend="eager")
for n in (3, 4):
    inputs = [torch.randn(10, 10) for _ in range(n)]
    assert same(fn(iter(tuple(inputs))), opt(iter(tuple(inputs)))), n
