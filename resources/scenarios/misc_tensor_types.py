# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_types: isinstance of a tensor made in the
# trace with a given dtype against the legacy tensor type of that dtype (torch.FloatTensor...)
# holds for every pair; the assert inside the compiled function would raise otherwise.
import torch
import torch._dynamo


def fn(dtype, tensor_type):
    x = torch.empty(4, dtype=dtype)
    assert isinstance(x, tensor_type)


torch._dynamo.reset()
opt_fn = torch.compile(fn, backend="eager")
for dtype, tensor_type in [
    (torch.float32, torch.FloatTensor),
    (torch.float64, torch.DoubleTensor),
    (torch.float16, torch.HalfTensor),
    (torch.bfloat16, torch.BFloat16Tensor),
    (torch.uint8, torch.ByteTensor),
    (torch.int8, torch.CharTensor),
    (torch.int64, torch.LongTensor),
    (torch.int, torch.IntTensor),
]:
    opt_fn(dtype, tensor_type)
try:
    opt_fn(torch.float32, torch.LongTensor)
except AssertionError:
    pass
else:
    raise AssertionError("a float32 tensor is no LongTensor")
