# PyTorch test/dynamo/test_misc.py MiscTests.test_inline_dict_mutation: an inlined function pops
# and sets keys of its caller's dict; the returned dict equals eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def f1(d):
    d["c"] = d["a"] + d.pop("b")
    return d


def f2():
    d = {"a": torch.ones(5), "b": torch.ones(5)}
    f1(d)
    return d


torch._dynamo.reset()
assert same(f2(), torch.compile(f2, backend=CompileCounter())())
