# PyTorch test/dynamo/test_functions.py FunctionTests.test_zip_strict: zip(ys, zs, strict=True)
# over lists of floats gives eager's result; with lists of different lengths eager raises
# ValueError mentioning zip(): without nopython the compiled call raises the same ValueError,
# with nopython a torch._dynamo.exc.UserError mentioning zip().
import torch
import torch._dynamo
from torch._dynamo.exc import UserError


def fn(x, ys, zs):
    x = x.clone()
    for y, z in zip(ys, zs, strict=True):
        x += y * z
    return x


opt_fn = torch._dynamo.optimize(backend="eager")(fn)
nopython_fn = torch._dynamo.optimize(backend="eager", nopython=True)(fn)
x = torch.ones(3)
ys = [1.0, 2.0, 3.0]
zs = [2.0, 5.0, 8.0]
assert torch.equal(opt_fn(x, ys, zs), fn(x, ys, zs))

try:
    nopython_fn(x, ys[:1], zs)
except UserError as e:
    assert "zip()" in str(e), str(e)
else:
    raise AssertionError("nopython: no UserError")

try:
    opt_fn(x, ys[:1], zs)
except ValueError as e:
    assert "zip()" in str(e), str(e)
else:
    raise AssertionError("no ValueError")
