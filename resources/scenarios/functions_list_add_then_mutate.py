# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_add_then_mutate (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    my_list = [1, x]
    y = x / 4.0
    my_list = my_list + [x / 2.0, 4]
    my_list.append(y)
    return sum(my_list)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
