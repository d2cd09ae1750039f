# PyTorch test/dynamo/test_misc.py MiscTests.test_typing_variable_isinstance: isinstance(d,
# typing.Mapping) of a dict argument; equals eager.
import typing

import torch
import torch._dynamo


def fn(x, m):
    if isinstance(m, typing.Mapping):
        return x + 1
    return x - 1


x = torch.randn(2, 3)
m = {"x": torch.randn(3)}
assert torch.allclose(fn(x, m), torch.compile(fn, backend="eager")(x, m))
