# PyTorch test/dynamo/test_functions.py FunctionTests.test_sum_shortcut_with_start_arg (make_test):
# under optimize_assert (fullgraph=True) the function compiles to no graph; results equal eager ones
# on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). A sum of constants folds,
# so no graph is compiled (expected_frame_count=0).
import unittest

import torch
import torch._dynamo.testing


def fn():
    return sum([0, 1.0, 2, 3.0], -10)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=0, expected_frame_count=0)
