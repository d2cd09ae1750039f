# PyTorch test/dynamo/test_misc.py MiscTests.test_list_iadd_side_effect: `lst += [t]` on an input
# list before a graph break mutates the caller's list exactly as eager does.
import torch
import torch._dynamo


def fn(a, b):
    a += [b]
    torch._dynamo.graph_break()
    return a


expected = fn([1, 2, 3], torch.ones(2, 2))
got = torch.compile(fn, backend="eager")([1, 2, 3], torch.ones(2, 2))
assert len(expected) == len(got) == 4 and got[:3] == [1, 2, 3] and torch.equal(got[3], expected[3])
