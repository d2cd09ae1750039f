# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_closure_not_loaded_by_parent and
# test_inline_closure_returned_by_another_function_and_captures: closures two levels deep, and a
# closure returned by another function capturing a tensor: 1 graph, results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def outer(a):
    return a + 1


def indirect(x):
    return direct(x)


def direct(x):
    def deep2(c):
        return outer(c)

    def deep(c):
        return deep2(c)

    return deep(x)


captured = torch.ones(1)


def maker():
    def inner():
        return captured + 2

    return inner


def start():
    return maker()()


torch._dynamo.reset()
x = torch.randn(3)
cnts = CompileCounter()
assert torch.equal(torch.compile(indirect, backend=cnts)(x), indirect(x))
assert cnts.frame_count == 1, cnts.frame_count
assert torch.equal(torch.compile(start, backend="eager")(), torch.ones(1) * 3)
