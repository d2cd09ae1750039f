# PyTorch test/dynamo/test_functions.py FunctionTests.test_context_wrapping_nested_functions_no_closure (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    @torch.no_grad()
    def augment(x: torch.Tensor) -> torch.Tensor:
        return (x + 1) * 2

    return augment(x)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
