# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_difference (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). Checks set.difference on sets built in the frame.
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    set1 = {"apple", "banana", "cherry"}
    set2 = {"google", "microsoft", "apple"}
    difference_set = set1.difference(set2)
    if "apple" in difference_set:
        x = a + b
    else:
        x = a - b
    if "banana" in difference_set:
        y = a + b
    else:
        y = a - b
    return x, y


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
