# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_1: `global g_counter;
# val = x + g_counter; g_counter += 1` - the store is replayed after the graph, so the next eager
# call sees the incremented counter: eager - compiled == 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

g_counter = 1


def fn(x):
    global g_counter
    val = x + g_counter
    g_counter += 1
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
res1 = opt_fn(x)
res2 = fn(x)
assert same(res2 - res1, torch.ones(10))
assert cnts.frame_count == 1
