# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_2: two increments of a global
# per call; a second compiled wrapper sees the new value (its guard fails and it recompiles):
# res2 - res1 == 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

g_counter = 1


def fn(x):
    global g_counter
    val = x + g_counter
    g_counter += 1
    g_counter += 1
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
res2 = torch.compile(fn, backend=cnts)(x)
assert same(res2 - res1, 2 * torch.ones(10))
assert g_counter == 5
