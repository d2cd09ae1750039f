# PyTorch test/dynamo/test_misc.py MiscTests.test_typing_union_and_optional: torch.jit.annotate with
# typing.Dict[str, Optional[Tensor]] and Dict[str, Union[Tensor, None]] on empty dicts, returned
# with x + 1: equals eager.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    a = torch.jit.annotate(typing.Dict[str, typing.Optional[torch.Tensor]], {})
    b = torch.jit.annotate(typing.Dict[str, typing.Union[torch.Tensor, None]], {})
    return a, b, x + 1


torch._dynamo.reset()
x = torch.randn(3)
assert same(torch.compile(fn, backend="eager", fullgraph=False)(x), fn(x))
