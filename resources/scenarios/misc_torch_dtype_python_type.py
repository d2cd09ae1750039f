# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_dtype_python_type: a tensor's dtype read in
# the trace is a torch.dtype (isinstance asserted at trace time) and builds zeros of that dtype:
# fullgraph=True, a float16 tensor equal to eager's. (The ConstantVariable check is Dynamo-internal.)
import torch
import torch._dynamo


def fn(target):
    target_dtype = target.dtype
    a = torch.zeros(2, 3, dtype=target_dtype)
    assert isinstance(target_dtype, torch.dtype)
    b = torch.zeros(2, 3, dtype=target_dtype)
    c = torch.zeros(2, 3, dtype=target_dtype)
    return a + b + c


torch._dynamo.reset()
a = torch.tensor([2, 3], dtype=torch.float16)
res = torch.compile(fn, backend="eager", fullgraph=True)(a)
assert isinstance(res, torch.Tensor) and res.dtype == torch.float16 and torch.equal(res, fn(a))
