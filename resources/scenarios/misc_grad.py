# PyTorch test/dynamo/test_misc.py MiscTests.test_grad: backward() inside the compiled function,
# then a.grad read and used: the result equals eager's (the backward call runs in CPython).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b):
    out = a * b
    out.sum().backward()
    real_out = torch.sigmoid(a.grad + b)
    return real_out


torch._dynamo.reset()
inps = [torch.randn(4, requires_grad=True) for _ in range(2)]
for inp in inps:
    inp.grad = None
ref = fn(*inps)
for inp in inps:
    inp.grad = None
res = torch.compile(fn, backend=CompileCounter())(*inps)
assert same(ref, res)
