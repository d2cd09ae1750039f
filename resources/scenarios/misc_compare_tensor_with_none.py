# PyTorch test/dynamo/test_misc.py MiscTests.test_compare_tensor_with_none: `x == None` on a tensor
# is False at trace time: torch.tensor(False).
import torch
import torch._dynamo


@torch.compile(backend="eager")
def f(x):
    return torch.tensor(x == None)  # noqa: E711


assert torch.equal(f(torch.tensor(1)), torch.tensor(False))
