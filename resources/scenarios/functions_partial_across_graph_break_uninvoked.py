# PyTorch test/dynamo/test_functions.py FunctionTests.test_partial_across_graph_break_uninvoked:
# a nested function reads a partial from the enclosing frame's cell; the nested function breaks
# (print) before calling it, and the enclosing frame rebinds the partial between the two calls
# (dim=10, then other=10). dynamic=True; the result equals eager's (the test only runs it).
from functools import partial

import torch
import torch._dynamo


def bar(x, **kwargs):
    return x + x


def foo(x, i):
    def inner():
        print("this is a graph_break")
        return op(x)

    op = partial(bar, dim=10)
    x = inner()
    op = partial(bar, other=10)
    return inner() + x


x = torch.rand(1)
res = torch.compile(foo, backend="eager", dynamic=True)(x, 10)
assert torch.allclose(res, foo(x, 10))
