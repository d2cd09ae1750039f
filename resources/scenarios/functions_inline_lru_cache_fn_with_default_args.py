# PyTorch test/dynamo/test_functions.py FunctionTests.test_inline_lru_cache_fn_with_default_args
# (make_test): under optimize_assert (fullgraph=True) the function compiles to one graph; results
# equal eager ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test). A
# functools.lru_cache function is traced through (its cache would key on the tensors).
import unittest

import torch
import torch._dynamo.testing

import functools


@functools.lru_cache
def inline_lru_cache_fn_with_default_args(x, y, _=None):
    return torch.sin(x * y)


def fn(a, b):
    return inline_lru_cache_fn_with_default_args(a, 2, b)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
