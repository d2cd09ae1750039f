# PyTorch test/dynamo/test_misc.py MiscTests.test_patched_builtin_functions: builtins.isinstance
# monkey-patched (it answers False for MyClass instances) while a function calling isinstance is
# compiled: the patched function is what runs (x - 1); after restoring it, a new compile gives
# x + 1.
import builtins

import torch
import torch._dynamo
from torch._dynamo.testing import same


class MyClass:
    pass


builtin_isinstance = builtins.isinstance


def patched_isinstance(obj, classinfo) -> bool:
    if builtin_isinstance(obj, MyClass):
        return False
    return builtin_isinstance(obj, classinfo)


def fn(x, y):
    if isinstance(y, MyClass):
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.ones(2, 3)
y = MyClass()
try:
    builtins.isinstance = patched_isinstance
    res = torch.compile(backend="eager", fullgraph=True)(fn)(x, y)
    assert same(res, x - 1), res
finally:
    builtins.isinstance = builtin_isinstance
res = torch.compile(backend="eager", fullgraph=True)(fn)(x, y)
assert same(res, x + 1), res
