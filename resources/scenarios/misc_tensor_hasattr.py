# PyTorch test/dynamo/test_misc.py MiscTests.test_tensor_hasattr: hasattr(tensor, "test") is
# decided at trace time and guarded: a tensor that gains the attribute takes the other branch.
import torch
import torch._dynamo


@torch.compile(fullgraph=True, backend="eager")
def fn(x):
    if hasattr(x, "test"):
        return x + 2
    return x + 1


assert torch.equal(fn(torch.ones(2, 2)), torch.ones(2, 2) + 1)
marked = torch.ones(2, 2)
marked.test = None
assert torch.equal(fn(marked), torch.ones(2, 2) + 2)
