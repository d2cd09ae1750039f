# PyTorch test/dynamo/test_misc.py MiscTests.test_module_deepcopy: copy.deepcopy of an input
# Sequential and a call of the copy, for two different modules ten times each: results equal
# eager, frame_count 1 and op_count 4 (PyTorch's counts).
import copy

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def make():
    return torch.nn.Sequential(
        torch.nn.Linear(10, 10), torch.nn.ReLU(), torch.nn.Linear(10, 10), torch.nn.ReLU()
    )


def fn(m, x):
    m_copy = copy.deepcopy(m)
    return m_copy(x)


torch._dynamo.reset()
m1, m2 = make(), make()
v = torch.randn(10)
correct1, correct2 = fn(m1, v), fn(m2, v)
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
for _ in range(10):
    assert same(opt_fn(m1, v), correct1)
for _ in range(10):
    assert same(opt_fn(m2, v), correct2)
assert (cnts.frame_count, cnts.op_count) == (1, 4), (cnts.frame_count, cnts.op_count)
