# PyTorch test/dynamo/test_functions.py FunctionTests.test_cls_hasattr (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). hasattr on a class.
import unittest

import torch
import torch._dynamo.testing


class MyCls:
    a = 1


def fn(self, x):
    if hasattr(MyCls, "a"):
        x = x + 1
    if hasattr(MyCls, "b"):
        x = x + 2
    return x


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
