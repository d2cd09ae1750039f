# PyTorch test/dynamo/test_misc.py MiscTests.test_derpy_nn_module_usage: two bare nn.Module
# objects whose forward is a plain function assigned on the instance (reading the modules through
# closures), parameters registered by name: fullgraph=True, 6 ops, result equal to eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

outer = torch.nn.Module()
inner = torch.nn.Module()


def outer_forward(x):
    self = outer
    return torch.sigmoid(self.mod2(x) + self.param1)


def inner_forward(x):
    self = inner
    return torch.cos(torch.sin(x) * self.param2 + 10)


outer.register_module("mod2", inner)
outer.register_parameter("param1", torch.nn.Parameter(torch.randn(10)))
outer.forward = outer_forward
inner.register_parameter("param2", torch.nn.Parameter(torch.randn(10)))
inner.forward = inner_forward
outer.eval()

torch._dynamo.reset()
x = torch.randn(10)
expected = outer(x)
counter = CompileCounter()
got = torch.compile(outer, backend=counter, fullgraph=True)(x)
assert torch.allclose(got, expected)
assert counter.op_count == 6, counter.op_count
