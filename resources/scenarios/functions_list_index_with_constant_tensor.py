# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_index_with_constant_tensor
# (make_test): under optimize_assert (fullgraph=True) the function compiles to one graph; results
# equal eager ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). A list
# indexed by a constant 0-d tensor (operator.index of a tensor made in the trace).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    l1 = [a, b, a + 1, b + 1]
    return l1[torch.as_tensor(2)]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
