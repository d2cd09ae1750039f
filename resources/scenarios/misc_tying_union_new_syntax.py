# PyTorch test/dynamo/test_misc.py MiscTests.test_tying_union_new_syntax: nested functions made in
# the trace whose annotations use the `X | None` union syntax (fullgraph=True): x + 1.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x):
    def inner1(y: torch.Tensor | None):
        return y

    def inner2(y: None | torch.Tensor):
        return y

    def inner3(y: torch.Tensor | list[int]):
        return y

    return x + 1


torch._dynamo.reset()
assert same(torch.compile(fn, backend="eager", fullgraph=True)(torch.ones(3)), torch.ones(3) + 1)
