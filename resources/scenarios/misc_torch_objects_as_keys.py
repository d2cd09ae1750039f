# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_objects_as_keys: a global dict keyed by a
# torch dtype selects the dtype of a new tensor.
import torch
import torch._dynamo

remap = {torch.float16: torch.float32}


def fn():
    return torch.randn(3, dtype=remap[torch.float16])


assert torch.compile(fn, backend="eager")().dtype == torch.float32
