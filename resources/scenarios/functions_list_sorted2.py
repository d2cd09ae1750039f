# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_sorted2 (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    y = [("john", "A", 8), ("jane", "B", 5), ("dave", "B", 10)]
    return (
        x + 1,
        sorted(y),
        sorted(y, key=lambda student: student[2]),
        sorted(y, key=lambda student: student[2], reverse=True),
    )


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
