# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_nn_parameter_isinstance: an nn.Parameter
# made inside the function is a torch.Tensor; the result equals eager.
import torch
import torch._dynamo


def fn(x):
    a = torch.nn.Parameter(torch.rand(2, 3))
    if isinstance(a, torch.Tensor):
        return x + 1
    return x - 1


x = torch.tensor([2.5])
assert torch.equal(fn(x), torch.compile(fn, backend="eager")(x))
