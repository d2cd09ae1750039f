# PyTorch test/dynamo/test_misc.py MiscTests.test_range_iter_side_effects: next() on a range
# iterator passed in advances the caller's iterator (fullgraph=True): result 1, then next() is 2.
import torch
import torch._dynamo


@torch.compile(backend="eager", fullgraph=True)
def run(x, it):
    return x + next(it)


it = iter(range(1, 3))
assert torch.equal(run(torch.zeros(1), it), torch.ones(1))
assert next(it) == 2
