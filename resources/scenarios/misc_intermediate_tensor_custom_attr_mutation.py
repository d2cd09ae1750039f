# PyTorch test/dynamo/test_misc.py MiscTests.test_intermediate_tensor_custom_attr_mutation: a
# Python attribute set on a tensor made inside the graph is present on the returned tensor
# (fullgraph=True).
import torch
import torch._dynamo


def f(x, flag):
    y = x + 1
    y.offloading_activation = flag
    return y


got = torch.compile(f, backend="eager", fullgraph=True)(torch.ones(5), True)
assert torch.equal(got, torch.ones(5) + 1)
assert got.offloading_activation is True
