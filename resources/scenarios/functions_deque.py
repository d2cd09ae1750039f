# PyTorch test/dynamo/test_functions.py FunctionTests.test_deque (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(a, b):
    d = collections.deque([a, b])
    d.append(a + 1)
    d.extend([a, b])
    d.insert(0, "foo")
    tmp = d.pop()

    another_deque = collections.deque([tmp])
    d.extendleft(another_deque)
    another_deque.clear()
    d.extend(another_deque)

    d[2] = "setitem"
    d = d.copy()
    d.append(d.popleft())

    empty = collections.deque()
    d.extend(empty)
    return list(d)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
