# PyTorch test/dynamo/test_misc.py MiscTests.test_default_dtype_change: torch.result_type of a 0-d
# int tensor and a Python float inside a compiled function follows torch.get_default_dtype() when
# the default dtype changes between calls (float32, then float64), as in eager.
import torch
import torch._dynamo

seen = []


def foo():
    def inner(a, b, res_dtype):
        seen.append((torch.result_type(a, b), res_dtype))

    inner(torch.tensor(1, device="cpu"), 1.0, torch.get_default_dtype())


torch._dynamo.reset()
opt = torch.compile(foo, backend="eager")
old = torch.get_default_dtype()
try:
    for dtype in (torch.float, torch.double):
        torch.set_default_dtype(dtype)
        seen.clear()
        opt()
        assert seen == [(dtype, dtype)], (dtype, seen)
finally:
    torch.set_default_dtype(old)
