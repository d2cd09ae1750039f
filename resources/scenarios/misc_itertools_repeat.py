# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_repeat, test_itertools_infinite_repeat
# and test_itertools_infinite_count: loops over itertools.repeat (bounded and with a break) and
# itertools.count (with a break) under fullgraph=True; results equal eager.
import itertools

import torch
import torch._dynamo


def bounded(x):
    for i in itertools.repeat(100.0, 5):
        x += i
    return x


def endless_repeat(x):
    idx = 0
    for i in itertools.repeat(100.0):
        x += i
        idx += 1
        if idx > 10:
            break
    return x


def endless_count(x):
    idx = 0
    for i in itertools.count(5, -1):
        x += i
        idx += 1
        if idx > 10:
            break
    return x


for fn in (bounded, endless_repeat, endless_count):
    x = torch.randn([2, 5])
    expected = fn(x.clone())
    assert torch.allclose(torch.compile(fn, backend="eager", fullgraph=True)(x.clone()), expected), fn
