# PyTorch test/dynamo/test_misc.py MiscTests.test_typing_dict: a dict keyed by a typing.TypeVar is
# indexed under fullgraph=True; the value equals eager's.
import typing

import torch
import torch._dynamo

T = typing.TypeVar("T")


def fn(d):
    return d[T]


d = {T: torch.randn(3)}
assert torch.equal(fn(d), torch.compile(fn, backend="eager", fullgraph=True)(d))
