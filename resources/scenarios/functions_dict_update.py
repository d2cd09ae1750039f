# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_update (make_test): under
# optimize_assert (fullgraph=True) the function compiles to one graph; results equal eager ones on
# two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing

import collections


def fn(x, y, z):
    d = {"a": x, "b": y}
    d.update({"a": y - 1})
    d.update([("b", z + 1), ["c", z]])
    d.update(zip("ab", [z + 3, y + 2]))

    od = collections.OrderedDict(a=x * 3, b=y + 2)
    od.update({"a": y + 5})
    od.update([["b", z + 6], ("c", z - 7)])
    od.update(zip("ab", [z - 3, x + 2]))
    return d["a"] * od["a"] + od["c"] + d["b"] + od["b"] * d["c"]


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=3)
