# PyTorch test/dynamo/test_misc.py MiscTests.test_function_generic_alias_annotation: a nested
# function annotated with the builtin generic alias list[Variable], returned by one compiled
# function and compiled itself: equals eager, frame_count 2, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Variable:
    pass


def fn(x):
    x = x / 3.0

    def inner(y: list[Variable]):
        return x + 1

    return inner


torch._dynamo.reset()
x1 = torch.randn(10)
obj2 = fn(x1)([])
cnts = CompileCounter()
opt_fn = torch._dynamo.optimize_assert(cnts)(fn)
obj1 = torch._dynamo.optimize_assert(cnts)(opt_fn(x1))([])
assert same(obj1, obj2)
assert (cnts.frame_count, cnts.op_count) == (2, 2), (cnts.frame_count, cnts.op_count)
