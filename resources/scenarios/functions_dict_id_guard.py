# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_id_guard: a global OrderedDict
# reached under two names (d2 = d1) is iterated and indexed through both, under fullgraph; the
# result equals eager's.
import collections

import torch
import torch._dynamo

d1 = collections.OrderedDict({"a": 2})
d2 = d1


def fn(x):
    for k in d1:
        x = x * d1[k] * d2[k]
    return x


opt_fn = torch.compile(fn, backend="eager", fullgraph=True)
x = torch.randn(4)
assert torch.equal(fn(x), opt_fn(x))
