# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_list_mutation: an inlined function appends
# to a list made by its caller; the returned list equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def f1(x):
    x.append(torch.ones(8))
    return x


def f2():
    x = [torch.ones(6)]
    f1(x)
    return x


torch._dynamo.reset()
assert same(f2(), torch.compile(f2, backend=CompileCounter())())
