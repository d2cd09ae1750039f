# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_islice, test_itertools_islice_default_step
# and test_itertools_islice_default_end: itertools.islice over a tensor's rows returned from the
# graph (fullgraph=True): the same rows as eager.
import itertools

import torch
import torch._dynamo


def with_step(x):
    return itertools.islice(x, 2, 5, 2)


def no_step(x):
    return itertools.islice(x, 2, 5)


def only_end(x):
    return itertools.islice(x, 2)


x = torch.randn([6, 2])
for fn in (with_step, no_step, only_end):
    expected = list(fn(x))
    got = list(torch.compile(fn, backend="eager", fullgraph=True)(x))
    assert len(got) == len(expected) and all(torch.equal(a, b) for a, b in zip(got, expected)), fn
