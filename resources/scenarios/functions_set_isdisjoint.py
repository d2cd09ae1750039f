# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_isdisjoint: make_test of a function
# reading two global sets of strings (guarded by value) through set.isdisjoint: one graph under
# optimize_assert, results equal eager on two sets of inputs, each called twice (standard_test).
import unittest

import torch
import torch._dynamo.testing

x = {"apple", "banana", "cherry"}
y = {"google", "microsoft", "apple"}


def fn(a):
    if x.isdisjoint(y):
        return a + 1
    else:
        return a - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
