# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_groupby_pure_python_default_identify_func,
# test_itertools_groupby_pure_python_key_func and test_itertools_tee: itertools.groupby (identity
# key, key=operator.neg) and itertools.tee over a list argument, fullgraph=True: results equal
# eager's, no graph break.
import itertools
import operator

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def groups(l):
    return [(k, list(g)) for k, g in itertools.groupby(l)]


def groups_neg(l):
    return [(k, list(g)) for k, g in itertools.groupby(l, key=operator.neg)]


def teed(l):
    a, b = itertools.tee(l)
    return list(a), list(b)


for fn, l in ((groups, [1, 2, 2, 3, 4, 4, 4, 1, 2]), (groups_neg, [1, 2, -2, 3, 4, 4, -4, 0, -2]),
              (teed, [1, 2, 2, 3, 4, 4, 4, 1, 2])):
    torch._dynamo.reset()
    counters.clear()
    got = torch.compile(fn, backend="eager", fullgraph=True)(l)
    assert got == fn(l), (fn.__name__, got)
    assert len(counters["graph_break"]) == 0, (fn.__name__, dict(counters["graph_break"]))
