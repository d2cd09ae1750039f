# PyTorch test/dynamo/test_functions.py FunctionTests.test_in_not_in (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). `3 in mylist` compares the
# constants before reaching the tensor item.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    mylist = [1, 2, 3, 4, 5, x]
    myotherlist = [1, 2, 3, 4, 5]
    assert 3 in mylist
    assert 6 not in myotherlist
    return sum(mylist)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
