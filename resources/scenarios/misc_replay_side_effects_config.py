# PyTorch test/dynamo/test_misc.py MiscTests.test_replay_side_effects_config (its default half):
# lst.append(x + 1) on a list argument is replayed after the graph (the list holds one item
# equal to x + 1) and the result is x * 2. The replay_side_effects=False halves need a config
# the shim does not have.
import torch
import torch._dynamo
from torch._dynamo.testing import same


def fn(x, lst):
    lst.append(x + 1)
    return x * 2


torch._dynamo.reset()
x = torch.tensor([5.0])
lst = []
result = torch.compile(fn, backend="eager")(x, lst)
assert len(lst) == 1 and same(lst[0], x + 1), lst
assert same(result, x * 2)
