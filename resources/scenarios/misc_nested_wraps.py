# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_wraps: functools.wraps applied to a
# function made in the trace (and, in the second case, one level deeper), then called
# (fullgraph=True): x + y and x * y, as eager.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import same


def foo_add(x, y):
    def add(x, y):
        return x + y

    @functools.wraps(add)
    def wrapped_call(x, y):
        return add(x, y)

    return wrapped_call(x, y)


def foo_mul(x, y):
    def nested_call(x, y):
        def mul(x, y):
            return x * y

        @functools.wraps(mul)
        def double_nested_call(x, y):
            return mul(x, y)

        return double_nested_call(x, y)

    return nested_call(x, y)


torch._dynamo.reset()
x = torch.randn(3, 3)
y = torch.randn(3, 3)
assert same(torch.compile(foo_add, fullgraph=True, backend="eager")(x, y), x + y)
assert same(torch.compile(foo_mul, fullgraph=True, backend="eager")(x, y), x * y)
