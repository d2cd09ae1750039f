# PyTorch test/dynamo/test_misc.py MiscTests.test_tuple_class, test_list_class and
# test_namedtuple_class: x.__class__(...) rebuilds a tuple, a list and a namedtuple of the input's
# own class (fullgraph=True): 1 graph each, classes and values as eager.
import collections

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def same_class(x):
    updated = []
    for v in x:
        updated.append(v + 1)
    return x.__class__(updated)


def same_namedtuple(x):
    updated = []
    for v in x:
        updated.append(v + 1)
    return x.__class__(*updated)


Point = collections.namedtuple("Point", ["x", "y"])
d1 = torch.zeros(2, 2)
d2 = torch.ones(2, 2)
for fn, arg, cls in ((same_class, (d1, d2), tuple), (same_class, [d1, d2], list),
                     (same_namedtuple, Point(d1, d2), Point)):
    torch._dynamo.reset()
    cnts = CompileCounter()
    got = torch.compile(fn, backend=cnts, fullgraph=True)(arg)
    assert got.__class__ is cls, (cls, type(got))
    assert len(got) == 2 and torch.equal(got[0], d1 + 1) and torch.equal(got[1], d2 + 1)
    assert cnts.frame_count == 1, cnts.frame_count
