# PyTorch test/dynamo/test_misc.py MiscTests.test_tolist_kd_dynamic: x.tolist() (a break by
# default) and x * 10: 1 graph; new values of the same size reuse it, a new size recompiles (2).
# Run with assume_static_by_default=False and automatic_dynamic_shapes=False, as PyTorch does.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    new_list = []
    i = x.tolist()
    new_list.append(i * 4)
    return new_list, x * 10


torch._dynamo.config.assume_static_by_default = False
torch._dynamo.config.automatic_dynamic_shapes = False
torch._dynamo.reset()
counter = CompileCounter()
opt = torch.compile(fn, backend=counter)
x = torch.randint(3, 5, [5, 5])
got, expected = opt(x), fn(x)
assert got[0] == expected[0] and torch.equal(got[1], expected[1])
assert counter.frame_count == 1, counter.frame_count
x = torch.randint(7, 9, [5, 5])
got = opt(x)
assert got[0] == fn(x)[0]
assert counter.frame_count == 1, counter.frame_count
x = torch.randint(3, 5, [3, 3])
got = opt(x)
assert got[0] == fn(x)[0] and torch.equal(got[1], x * 10)
assert counter.frame_count == 2, counter.frame_count
