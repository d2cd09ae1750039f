# PyTorch test/dynamo/test_misc.py MiscTests.test_with_builtin_type: Tensor.to(bool/float/int) with
# Python types as dtypes: 1 graph, the result's dtype is int64 and its values equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return (x * 5).to(bool).to(float).to(int) + 8


torch._dynamo.reset()
x = torch.randn(5)
cnts = CompileCounter()
got = torch.compile(fn, backend=cnts)(x)
assert got.dtype == torch.int64 and torch.equal(got, fn(x)), got
assert cnts.frame_count == 1, cnts.frame_count
