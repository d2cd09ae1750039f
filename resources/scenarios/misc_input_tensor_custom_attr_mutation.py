# PyTorch test/dynamo/test_misc.py MiscTests.test_input_tensor_custom_attr_mutation: setting a new
# Python attribute on an input tensor compiles under fullgraph=True and is visible afterwards.
import torch
import torch._dynamo


def f(x, flag):
    x.offloading_activation = flag
    return x + 1


x = torch.ones(5)
got = torch.compile(f, backend="eager", fullgraph=True)(x, True)
assert torch.equal(got, torch.ones(5) + 1)
assert x.offloading_activation is True
