# PyTorch test/dynamo/test_misc.py MiscTests.test_user_function_variable_supports_function_argument:
# default arguments that are a user function, a torch function and operator.neg are called
# (fullgraph=True); equals eager.
import operator

import torch
import torch._dynamo


def add1(x):
    return x + 1


def gn(x, f1=add1, f2=torch.sin, f3=operator.neg):
    return f3(f2(f1(x)))


def fn(x):
    return gn(x)


x = torch.randn(2, 3)
assert torch.allclose(fn(x), torch.compile(fn, backend="eager", fullgraph=True)(x))
