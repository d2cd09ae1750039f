# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_infinite_repeat_mutation: looping over
# itertools.repeat(x) while x and the loop variable are changed in place (they are the same
# tensor), 11 rounds then break, fullgraph=True: result equals eager's, no graph break.
import itertools

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def fn(x):
    r = itertools.repeat(x)
    idx = 0
    for i in r:
        x += i
        i += 1
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
