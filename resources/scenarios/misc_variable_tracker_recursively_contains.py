# PyTorch test/dynamo/test_misc.py MiscTests.test_variable_tracker_recursively_contains: [[None] *
# 3] * 3 shares one inner list; element writes through it and reads back (fullgraph=True) equal
# eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    data = [[None] * 3] * 3
    for i in range(3):
        if i == 0:
            data[0][i] = x
        else:
            data[0][i] = data[0][i - 1] + 1
    return data[0][-1]


x = torch.rand(4)
assert same(fn(x), torch.compile(fn, backend="eager", fullgraph=True)(x))
