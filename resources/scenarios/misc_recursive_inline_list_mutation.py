# PyTorch test/dynamo/test_misc.py MiscTests.test_recursive_inline_list_mutation: lists appended to
# three inlined calls deep come back as in eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def f1(x, y):
    x.append(torch.tensor([1.1]))
    y.append(torch.tensor([1.2]))
    return x, y


def f2(x, y):
    x.append(torch.tensor([2.1]))
    y.append(torch.tensor([2.2]))
    f1(x, y)
    return x, y


def f3(x):
    x.append(torch.tensor([3.1]))
    y = [torch.tensor([3.2])]
    f2(x, y)
    return x, y


def f4():
    return f3([torch.tensor([4.1])])


torch._dynamo.reset()
assert same(f4(), torch.compile(f4, backend=CompileCounter())())
