# PyTorch test/dynamo/test_functions.py FunctionTests.test_cls_eq (make_test): under optimize_assert
# (fullgraph=True) the function compiles to one graph; results equal eager ones on two sets of 10x10
# inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


class MyCls:
    a = 1


def fn(a, b):
    v = a + b
    if MyCls == None:  # noqa: E711
        return -1
    if MyCls != None:  # noqa: E711
        v = v.sin()
    if MyCls != MyCls:
        return -2
    if MyCls == MyCls:
        return v + 1
    return -3


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
