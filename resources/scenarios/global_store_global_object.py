# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_object: g_object.y += 1 on a
# global user object is replayed after the graph: eager - compiled == 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Pair:
    def __init__(self, x, y):
        self.x = x
        self.y = y


g_object = Pair(1, 1)


def fn(x):
    val = x + g_object.y
    g_object.y += 1
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
res2 = fn(x)
assert same(res2 - res1, torch.ones(10))
assert g_object.y == 3
