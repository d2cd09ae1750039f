# PyTorch test/dynamo/test_misc.py MiscTests.test_int_list: y[1] % 2 of an int list argument whose
# items change on every call (five calls): results equal eager; with static-by-default and
# automatic dynamic shapes, 2 frames (the second with the ints dynamic).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x, y):
    return torch.sin(x + y[1] % 2)


torch._dynamo.reset()
x = torch.randn(6)
cnt = CompileCounter()
opt_fn = torch.compile(fn, backend=cnt)
for i in range(10, 25, 3):
    y = [i, i + 1, i + 2]
    assert same(opt_fn(x, y), fn(x, y))
assert cnt.frame_count == 2, cnt.frame_count
