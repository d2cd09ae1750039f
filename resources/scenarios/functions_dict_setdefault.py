# PyTorch test/dynamo/test_functions.py FunctionTests.test_dict_setdefault1 and
# test/dynamo/test_functions.py FunctionTests.test_dict_setdefault2 and
# test/dynamo/test_functions.py FunctionTests.test_dict_setdefault3 and
# test/dynamo/test_functions.py FunctionTests.test_defaultdict_setdefault1 and
# test/dynamo/test_functions.py FunctionTests.test_defaultdict_setdefault2 and
# test/dynamo/test_functions.py FunctionTests.test_defaultdict_setdefault3 (make_test each):
# setdefault on a dict literal and on a defaultdict.fromkeys(...) made in the trace, for a key
# that is there ("a", 10), a new key with a value ("c", 10) and a new key without one ("c"), then
# a branch on the stored value; under optimize_assert each is one graph and its results equal
# eager ones on two sets of 10x10 inputs, each called twice (Dynamo's standard_test).
import collections
import unittest

import torch
import torch._dynamo.testing


def make_dict(kind):
    if kind == "dict":
        return {"a": 1, "b": 2}
    d = collections.defaultdict.fromkeys("a", "b")
    d["a"] = 1
    d["b"] = 2
    return d


def setdefault_present(kind):
    def fn(x):
        d = make_dict(kind)
        d.setdefault("a", 10)
        if d["a"] == 1:
            return x + 1
        else:
            return x - 1

    return fn


def setdefault_new(kind):
    def fn(x):
        d = make_dict(kind)
        d.setdefault("c", 10)
        if d["c"] == 10:
            return x + 1
        else:
            return x - 1

    return fn


def setdefault_none(kind):
    def fn(x):
        d = make_dict(kind)
        d.setdefault("c")
        if d["c"] is None:
            return x + 1
        else:
            return x - 1

    return fn


for kind in ("dict", "defaultdict"):
    for make in (setdefault_present, setdefault_new, setdefault_none):
        torch._dynamo.testing.standard_test(unittest.TestCase(), make(kind), nargs=1)
