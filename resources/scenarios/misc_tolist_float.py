# PyTorch test/dynamo/test_misc.py MiscTests.test_tolist_float: x.tolist() of a float tensor, then
# only Python arithmetic on its items: nothing to compile (frame_count 0), list equal to eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    new_list = []
    for i in x.tolist():
        new_list.append(i * 4)
    return new_list


torch._dynamo.reset()
x = torch.tensor([[[2.0, 1.0], [2.0, 1.0], [2.0, 1.0]], [[2.0, 1.0], [2.0, 1.0], [2.0, 1.0]]])
counter = CompileCounter()
assert torch.compile(fn, backend=counter)(x) == fn(x)
assert counter.frame_count == 0, counter.frame_count
