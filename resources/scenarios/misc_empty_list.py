# PyTorch test/dynamo/test_misc.py MiscTests.test_empty_list: an empty list and an empty tuple
# argument: len, truth and `is not None` fold; results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x, ll):
    if len(ll) == 0 and not ll and ll is not None:
        return x + 1


torch._dynamo.reset()
i = torch.randn(5, 10)
opt = torch.compile(fn, backend="eager")
assert same(opt(i, []), fn(i, []))
assert same(opt(i, tuple()), fn(i, []))
