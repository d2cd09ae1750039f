# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_list_2: rebinding a global to
# a list comprehension of its old items (STORE_GLOBAL of a new list): eager - compiled == 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

g_list = [0, 1, 2]


def fn(x):
    global g_list
    val = x + g_list[1]
    g_list = [x + 1 for x in g_list]
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
res2 = fn(x)
assert same(res2 - res1, torch.ones(10))
assert g_list == [2, 3, 4]
