# PyTorch test/dynamo/test_misc.py MiscTests.test_if_cond_nn_mod3: the truth value of an empty
# nn.ModuleList built in the frame is False; equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    if torch.nn.ModuleList():
        return x + 1
    return x - 1


x = torch.rand(4)
assert same(fn(x), torch.compile(backend="eager")(fn)(x))
