# PyTorch test/dynamo/test_functions.py FunctionTests.test_is_contiguous_memory_format (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(tensor):
    if torch.jit.is_scripting():
        return None
    elif tensor.is_contiguous(memory_format=torch.contiguous_format):
        return tensor + 1


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
