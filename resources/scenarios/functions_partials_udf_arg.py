# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_udf_arg (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import functools


def udf_mul(x, y):
    return x * y


def fn(x):
    par_mul = functools.partial(udf_mul, torch.ones(10, 10))
    return par_mul(x)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
