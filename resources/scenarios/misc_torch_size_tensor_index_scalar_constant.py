# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_size_tensor_index_scalar_constant:
# x.shape indexed by a 0-d tensor made in the trace (torch.tensor(1)), the size used in reshape
# (fullgraph=True): equals eager, one frame.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    idx = torch.tensor(1)
    dim_size = x.shape[idx]
    return x.reshape(-1, dim_size)


torch._dynamo.reset()
x = torch.randn(2, 3, 4)
cnts = CompileCounter()
assert same(torch.compile(fn, backend=cnts, fullgraph=True)(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
