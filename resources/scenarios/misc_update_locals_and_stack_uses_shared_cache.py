# PyTorch test/dynamo/test_misc.py MiscTests.test_update_locals_and_stack_uses_shared_cache:
# list(range(min(perm))) + perm, then extend with a generator over x.dim(): equals eager's list.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    perm = [0, 3, 5]
    perm = list(range(min(perm))) + perm
    perm.extend(i for i in range(x.dim()) if i not in perm)
    return perm


x = torch.rand([2, 2, 2, 2, 2, 2])
assert fn(x) == torch.compile(fn, backend=CompileCounter())(x) == [0, 3, 5, 1, 2, 4]
