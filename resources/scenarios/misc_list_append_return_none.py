# PyTorch test/dynamo/test_misc.py MiscTests.test_list_append_return_none: list.append returns None
# inside the trace too; ([x + 1], None) as in eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    alist = []
    blist = alist.append(x + 1)
    return alist, blist


x = torch.tensor([2.3])
got = torch.compile(fn, backend=CompileCounter())(x)
assert got[1] is None and len(got[0]) == 1 and torch.equal(got[0][0], x + 1)
