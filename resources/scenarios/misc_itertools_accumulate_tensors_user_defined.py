# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_accumulate_tensors_user_defined:
# itertools.accumulate with user functions (returning a constant, reading a global number,
# appending to a list it closes over) over tensors, fullgraph=True: the items equal eager's (and
# the closed-over list sees the same appends), no graph break.
import itertools
import random

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def udo_fn_0(a, b):
    return -1


rando = random.randint(0, 1)


def udo_fn_1(a, b):
    return a * rando + b * rando


seen = []


def udo_fn_2(a, b):
    seen.append(a)
    seen.append(b)
    return a * len(seen)


t_list = [torch.tensor([i]) for i in range(4)]
x = torch.tensor([[1, 2], [3, 4]])
for udo in (udo_fn_0, udo_fn_1, udo_fn_2):
    torch._dynamo.reset()
    counters.clear()

    def fn(a, b, c, d, x):
        l = [a, b, c, d, x]
        for i, t in enumerate(l):
            l[i] = t * x
        return itertools.accumulate(l, udo)

    seen.clear()
    expected = list(fn(*t_list, x))
    seen_eager = len(seen)
    seen.clear()
    got = list(torch.compile(fn, backend="eager", fullgraph=True)(*t_list, x))
    assert len(seen) == seen_eager, (udo.__name__, len(seen), seen_eager)
    assert len(got) == len(expected)
    assert all(torch.equal(torch.as_tensor(a), torch.as_tensor(b)) for a, b in zip(got, expected)), udo.__name__
    assert len(counters["graph_break"]) == 0, (udo.__name__, dict(counters["graph_break"]))
