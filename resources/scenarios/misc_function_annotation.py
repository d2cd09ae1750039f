# PyTorch test/dynamo/test_misc.py MiscTests.test_function_annotation: a nested function with a
# typing.List[...] annotation is created in the graph and returned, then compiled itself: 2 graphs,
# 2 ops (div; add) under optimize_assert.
import typing

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Variable:
    pass


def fn(x):
    x = x / 3.0

    def inner(y: typing.List[Variable]):
        return x + 1

    return inner


torch._dynamo.reset()
x1 = torch.randn(10)
expected = fn(x1)([])
cnts = CompileCounter()
opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
opt_inner = torch._dynamo.optimize_assert(cnts)(opt_fn(x1))
assert same(opt_inner([]), expected)
assert (cnts.frame_count, cnts.op_count) == (2, 2), (cnts.frame_count, cnts.op_count)
