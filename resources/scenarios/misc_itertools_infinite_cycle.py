# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_infinite_cycle: itertools.cycle over an
# empty iterator, a list iterator, itertools.repeat(-1, 3) and itertools.count(10), each broken
# off after 11 items, fullgraph=True: result equals eager's, no graph break.
import itertools

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def fn(x):
    for iterator in (iter([]), iter([10, 11.0]), itertools.repeat(-1, 3), itertools.count(10)):
        r = itertools.cycle(iterator)
        idx = 0
        x += 1
        for i in r:
            x += i
            idx += 1
            if idx > 10:
                break
    return x


torch._dynamo.reset()
counters.clear()
x = torch.randn([2, 5])
expected = fn(x.clone())
got = torch.compile(fn, backend="eager", fullgraph=True)(x.clone())
assert torch.allclose(got, expected)
assert len(counters["graph_break"]) == 0, dict(counters["graph_break"])
