# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_build_list_unpack: [*x] unpacks a tensor
# along dim 0 into a list for torch.cat: 1 graph, 2 ops (the row and the cat); equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    return torch.cat([*x], dim=-1)


torch._dynamo.reset()
val = torch.randn([1, 1, 47, 76])
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts)(val), fn(val))
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
