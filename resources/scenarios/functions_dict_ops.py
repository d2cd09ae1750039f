# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_ops (make_test): under
# optimize_assert (fullgraph=True) the function is one graph and its results equal eager
# ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import unittest

import torch
import torch._dynamo.testing


def fn(a, b):
    tmp = {"a": a + 1, "b": b + 2}
    v = tmp.pop("b") + tmp.get("a") + tmp.get("missing", 3) + tmp.pop("missing", 4)
    tmp.update({"d": 3})
    tmp["c"] = v + tmp["d"]
    if "c" in tmp and "missing" not in tmp:
        return tmp["c"] - tmp["a"] + len(tmp)


torch._dynamo.testing.standard_test(unittest.TestCase(), fn, nargs=2)
