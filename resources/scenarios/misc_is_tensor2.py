# PyTorch test/dynamo/test_misc.py MiscTests.test_is_tensor2: torch.is_tensor on a dict argument
# and on a tensor argument picks the branch per input; results equal eager.
import torch
import torch._dynamo


def fn(x):
    if torch.is_tensor(x):
        return x + 1
    return torch.ones([2, 3])


torch._dynamo.reset()
opt = torch.compile(fn, backend="eager")
as_dict = {"input": torch.rand(2, 3)}
as_tensor = torch.rand(2, 3)
assert torch.equal(fn(as_dict), opt(as_dict))
assert torch.equal(fn(as_tensor), opt(as_tensor))
