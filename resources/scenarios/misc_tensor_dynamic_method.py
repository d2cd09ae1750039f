# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_dynamic_method: a plain function stored as
# an attribute of a global Parameter (t.add_one = add_one) and called through it, t.add_one(t) + x,
# under fullgraph=True: equals ones + 2.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def add_one(x):
    return x + 1


t = torch.nn.Parameter(torch.ones(1))
t.add_one = add_one


@torch.compile(fullgraph=True, backend="eager")
def fn(x):
    return t.add_one(t) + x


torch._dynamo.reset()
assert same(fn(torch.ones(1)), torch.ones(1) + 2)
