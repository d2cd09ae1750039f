# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple3: isinstance(arg, a namedtuple class)
# is decided at trace time; the result equals eager.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import same

Triple = collections.namedtuple("Triple", ["a", "b", "ab"])


def fn(x, packed):
    if isinstance(packed, Triple):
        return x + 1
    return x - 1


x = torch.rand([2, 3])
packed = Triple(1, 2, 3)
assert same(fn(x, packed), torch.compile(fn, backend="eager")(x, packed))
