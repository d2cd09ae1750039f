# PyTorch test/dynamo/test_functions.py FunctionTests.test_set_update_list_with_duplicated_items (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). Checks {*a, *b} (SET_UPDATE from lists) dropping duplicates.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    list1 = ["apple", "banana", "apple"]
    list2 = ["orange", "banana"]
    if len({*list1, *list2}) == 3:
        return x + 1
    else:
        return x - 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
