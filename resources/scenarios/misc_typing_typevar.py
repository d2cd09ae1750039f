# PyTorch test/dynamo/test_misc.py MiscTests.test_typing_typevar: nested functions annotated with
# typing.Callable[[T], T] and a TypeVar are traced under optimize_assert: 1 graph, equal to eager.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

T = typing.TypeVar("T")


def fn(x):
    def sumt(y: torch.Tensor) -> torch.Tensor:
        return torch.sum(y)

    def apply(c: typing.Callable[[T], T], y: T) -> T:
        return c(y)

    return apply(sumt, x)


torch._dynamo.reset()
x = torch.randn(3)
cnts = CompileCounter()
assert same(fn(x), torch._dynamo.optimize_assert(cnts)(fn)(x))
assert cnts.frame_count == 1, cnts.frame_count
