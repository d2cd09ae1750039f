# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_new: a global created inside
# the compiled function (STORE_GLOBAL of a tensor) is read back in the same frame.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    global g_counter_new
    g_counter_new = x + 1
    return x + g_counter_new


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
assert same(res1, x + x + 1)
assert same(g_counter_new, x + 1)
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
