# PyTorch test/dynamo/test_functions.py FunctionTests.test_pop (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    ll = [a, b]
    ll.append(a + 1)
    ll.extend([b + 2, a + b])
    ll.pop(-1)
    ll.pop(0)
    ll.pop()
    v1, v2 = ll
    return v1 - v2


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
