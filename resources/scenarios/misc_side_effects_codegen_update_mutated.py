# PyTorch test/dynamo/test_misc.py MiscTests.test_side_effects_codegen_update_mutated: a list and a
# dict made in the trace, mutated (append, pop, item store) between graph breaks (.item()):
# the values rebuilt at each break carry the mutations, and the results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def f1(x):
    alist = [x]
    alist.append(x + 1)
    alist[0].sum().item()
    res = alist.pop()
    res.sum().item()
    return res


def f2(a, b):
    d = {"a": a + 1, "b": b + 2}
    x = d.pop("b")
    x.sum().item()
    y = d["a"] + x
    y.sum().item()
    d["c"] = y
    return d


torch._dynamo.reset()
x = torch.rand([2, 3])
a = torch.rand([5, 6])
b = torch.rand([5, 6])
cnts = CompileCounter()
assert same(torch.compile(f1, backend=cnts)(x), f1(x))
assert same(torch.compile(f2, backend=cnts)(a, b), f2(a, b))
