# PyTorch test/dynamo/test_functions.py FunctionTests.test_partials_recompilation: partial
# arguments are guarded on their function, bound argument keys and tensors: swapping two partials
# over the same function with same-shaped tensors does not recompile (1); a 3x3 tensor does (2);
# a partial over another function does (3). For fn2(f0, f1, args): a new start (1), different
# keyword keys (2), different positional keys (3), a plain lambda instead of a partial (4).
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def udf_mul(x, y):
    return x * y


def fn(f0, f1, x):
    return f0(x) * f1(x)


lambda0 = functools.partial(udf_mul, y=torch.randn(2, 2))
lambda1 = functools.partial(udf_mul, y=torch.randn(2, 2))
cnts = CompileCounter()
x = torch.randn(2, 2)
opt_fn = torch._dynamo.optimize(cnts, nopython=True)(fn)
assert torch.allclose(opt_fn(lambda0, lambda1, x), fn(lambda0, lambda1, x))
assert cnts.frame_count == 1
assert torch.allclose(opt_fn(lambda1, lambda0, x), fn(lambda1, lambda0, x))
assert cnts.frame_count == 1, cnts.frame_count

lambda2 = functools.partial(udf_mul, y=torch.randn(3, 3))
x = torch.randn(3, 3)
assert torch.allclose(opt_fn(lambda2, lambda2, x), fn(lambda2, lambda2, x))
assert cnts.frame_count == 2, cnts.frame_count

multiply = lambda x, y: x * y  # noqa: E731
lambda3 = functools.partial(multiply, y=torch.randn(3, 3))
x = torch.randn(3, 3)
assert torch.allclose(opt_fn(lambda3, lambda3, x), fn(lambda3, lambda3, x))
assert cnts.frame_count == 3, cnts.frame_count


def fn2(f0, f1, args):
    return f0(*args) * f1(*args)


cnts = CompileCounter()
x = torch.randn(2, 2)
opt_fn2 = torch._dynamo.optimize(cnts, nopython=True)(fn2)
assert torch.allclose(opt_fn2(lambda0, lambda1, [x]), fn2(lambda0, lambda1, [x]))
assert cnts.frame_count == 1, cnts.frame_count

lambda4 = functools.partial(multiply, y=3, x=torch.randn(3, 3))
assert torch.allclose(opt_fn2(lambda4, lambda4, []), fn2(lambda4, lambda4, []))
assert cnts.frame_count == 2, cnts.frame_count

lambda5 = functools.partial(multiply, 1)
x = torch.randn(3, 3)
assert torch.allclose(opt_fn2(lambda5, lambda5, [x]), fn2(lambda5, lambda5, [x]))
assert cnts.frame_count == 3, cnts.frame_count

lambda6 = lambda x: x + x  # noqa: E731
assert torch.allclose(opt_fn2(lambda6, lambda6, [x]), fn2(lambda6, lambda6, [x]))
assert cnts.frame_count == 4, cnts.frame_count
