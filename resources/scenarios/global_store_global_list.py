# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_list: g_list[1] += 1 on a
# global list (STORE_SUBSCR) is written back: eager - compiled == 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

g_list = [0, 1, 2]


def fn(x):
    val = x + g_list[1]
    g_list[1] += 1
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
res2 = fn(x)
assert same(res2 - res1, torch.ones(10))
assert g_list == [0, 3, 2]
