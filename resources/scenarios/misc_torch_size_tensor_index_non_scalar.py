# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_size_tensor_index_non_scalar: x.shape
# indexed by a two-element tensor raises TypeError, caught in the function, which returns
# x.sum(): equals eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x):
    idx = torch.tensor([1, 1])
    try:
        dim_size = x.shape[idx]
        return x * dim_size
    except TypeError:
        return x.sum()


torch._dynamo.reset()
x = torch.randn(2, 3, 4)
assert same(torch.compile(fn, backend=CompileCounter())(x), fn(x))
