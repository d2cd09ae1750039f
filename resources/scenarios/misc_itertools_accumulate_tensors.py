# PyTorch test/dynamo/test_misc.py MiscTests.test_itertools_accumulate_tensors_default_sum,
# test_itertools_accumulate_tensors_builtins and test_itertools_accumulate_tensors_kwargs: the
# accumulate iterator over a list of tensors (default +, operator.mul/sub/pow, func= and initial=
# keywords) returned from a fullgraph=True function: the items equal eager's, no graph break.
import itertools
import operator

import torch
import torch._dynamo
from torch._dynamo.utils import counters


def make(*acc_args, **acc_kwargs):
    def fn(a, b, c, d, x):
        l = [a, b, c, d, x]
        for i, t in enumerate(l):
            l[i] = t * x
        return itertools.accumulate(l, *acc_args, **acc_kwargs)

    return fn


variants = [((), {}), ((operator.mul,), {}), ((operator.sub,), {}), ((operator.pow,), {}),
            ((), {"func": operator.mul}), ((), {"initial": 100}),
            ((), {"func": operator.sub, "initial": -1})]
t_list = [torch.tensor([i + 1]) for i in range(4)]
x = torch.tensor([[1, 2], [3, 4]])
for args, kwargs in variants:
    torch._dynamo.reset()
    counters.clear()
    fn = make(*args, **kwargs)
    expected = list(fn(*t_list, x))
    got = list(torch.compile(fn, backend="eager", fullgraph=True)(*t_list, x))
    assert len(got) == len(expected), (args, kwargs)
    assert all(torch.equal(torch.as_tensor(a), torch.as_tensor(b)) for a, b in zip(got, expected)), (args, kwargs)
    assert len(counters["graph_break"]) == 0, (args, kwargs, dict(counters["graph_break"]))
