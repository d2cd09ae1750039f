# PyTorch test/dynamo/test_functions.py DefaultsTests.test_func_default_torch_args: a nested
# function's defaults are a dtype, a torch.Size and a device; torch.ones(ds, dtype=dt,
# device=dd) through them gives eager's dtype, device and size: 1 frame, 1 op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def func_with_default_torch_args(
    dt=torch.float16, ds=torch.Size((1, 2, 3)), dd=torch.device("cpu")
):
    return torch.ones(ds, dtype=dt, device=dd)


def func():
    return func_with_default_torch_args()


cnts = CompileCounter()
compiled_func = torch.compile(func, backend=cnts)
out = func()
compiled_out = compiled_func()
assert out.dtype == compiled_out.dtype
assert out.device == compiled_out.device
assert out.size() == compiled_out.size()
assert cnts.frame_count == 1, cnts.frame_count
assert cnts.op_count == 1, cnts.op_count
