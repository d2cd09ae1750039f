# PyTorch test/dynamo/test_misc.py MiscTests.test_add_sizes: torch.Size + torch.Size stays a
# torch.Size; equals eager.
import torch
import torch._dynamo


def func(x):
    y = x.size()
    return y + y


got = torch.compile(func, backend="eager")(torch.ones(10, 10, 3))
assert isinstance(got, torch.Size) and got == func(torch.ones(10, 10, 3)), got
