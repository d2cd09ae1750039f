# PyTorch test/dynamo/test_misc.py MiscTests.test_cast: typing.cast(T, value) returns the value
# (fullgraph=True); equals eager.
from typing import cast

import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    return cast(torch.Tensor, torch.add(x, 1.0))


assert same(fn(torch.ones(2, 2)), torch.compile(backend="eager", fullgraph=True)(fn)(torch.ones(2, 2)))
