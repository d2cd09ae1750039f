# PyTorch test/dynamo/test_functions.py FunctionTests.test_index: operator.index(x) of an int or
# bool argument, then torch.mul(t, v) (the result is discarded: fn returns None), with dynamic
# True and False; every call returns eager's None.
import operator

import torch
import torch._dynamo


def fn(x, t):
    v = operator.index(x)
    torch.mul(t, v)


for dynamic in [True, False]:
    torch._dynamo.reset()
    opt_fn = torch._dynamo.optimize(dynamic=dynamic)(fn)
    t = torch.ones(1)
    for a in (10, -100, 10, False, True):
        assert opt_fn(a, t) == fn(a, t)
