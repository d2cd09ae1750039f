# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_accumulate_symint_default_sum:
# itertools.accumulate over [x.size(0), x.size(1)] multiplies x in place by 2 and 5,
# fullgraph=True: result equals eager's, no graph break.
import itertools

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def fn(x):
    r = itertools.accumulate([x.size(0), x.size(1)])
    for i in r:
        x *= i
    return x


torch._dynamo.reset()
counters.clear()
x = torch.randn(2, 3)
expected = fn(x.clone())
got = torch.compile(fn, backend="eager", fullgraph=True)(x.clone())
assert torch.allclose(got, expected)
assert len(counters["graph_break"]) == 0, dict(counters["graph_break"])
