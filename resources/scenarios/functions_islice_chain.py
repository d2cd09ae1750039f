# PyTorch test/dynamo/test_functions.py FunctionTests.test_islice_chain (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import itertools


def fn(a, b):
    tmp1 = [a + 1, a + 2]
    tmp2 = [a + 3, a + 4]
    a, b = list(itertools.islice(itertools.chain(tmp1, tmp2), 1, 3))
    c = next(itertools.islice(tmp1, 1, None))
    return a - b / c


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
