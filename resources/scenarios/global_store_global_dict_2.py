# PyTorch test/dynamo/test_global.py TestGlobals.test_store_global_dict_2: a global dict rebuilt
# by a dict comprehension over .items() and stored back (STORE_GLOBAL): eager - compiled == 1.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

g_dict = {"a": 0, "b": 1}


def fn(x):
    global g_dict
    g_dict = {key: value + 1 for key, value in g_dict.items()}
    val = x + g_dict["b"]
    return val


torch._dynamo.reset()
x = torch.randn(10)
cnts = CompileCounter()
res1 = torch.compile(fn, backend=cnts)(x)
res2 = fn(x)
assert same(res2 - res1, torch.ones(10))
assert g_dict == {"a": 2, "b": 3}
