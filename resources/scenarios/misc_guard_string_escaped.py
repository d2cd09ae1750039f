# PyTorch test/dynamo/test_misc.py MiscTests.test_guard_string_escaped: a global dict keyed by
# frozensets, indexed twice: x + 1.
import torch
import torch._dynamo

d = {frozenset({0}): {frozenset({0}): 1}}


@torch.compile(backend="eager")
def f(x):
    return x + d[frozenset({0})][frozenset({0})]


x = torch.ones(3)
assert torch.equal(f(x), x + 1)
