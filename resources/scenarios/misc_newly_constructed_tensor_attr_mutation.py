# PyTorch test/dynamo/test_misc.py MiscTests.test_newly_constructed_tensor_attr_mutation: .grad and
# a Python attribute set on a tensor made inside the graph survive on the output (fullgraph=True).
import torch
import torch._dynamo


def f(x):
    y = x + 10
    y.grad = x
    y.foo = 42
    return y


x = torch.ones(5)
expected = f(x)
got = torch.compile(f, backend="eager", fullgraph=True)(x)
assert torch.equal(got, expected)
assert torch.equal(got.grad, expected.grad)
assert got.foo == expected.foo == 42
