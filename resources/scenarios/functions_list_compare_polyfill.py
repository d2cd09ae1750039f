# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_compare_polyfill (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test). Tuple comparisons of unequal
# lengths and values fold at trace time.
import unittest

import torch
import torch._dynamo.testing


def fn(x):
    for a, b, c in [
        [(1, 2, 3), (1, 2, 3), 7.77],
        [(1, 4, 3), (1, 2, 3), 3.33],
        [(1, 2), (1, 2, 3), 5.55],
        [(1, 2, 3), (1, 2), 11.11],
        [(1, -1, 3), (1, 2, 3), 13.33],
    ]:
        if a != b:
            x += 1 * c
        if a == b:
            x += 2 * c
        if a < b:
            x += 4 * c
        if a > b:
            x += 8 * c
        if a <= b:
            x += 16 * c
        if a >= b:
            x += 32 * c
    return x


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=1)
