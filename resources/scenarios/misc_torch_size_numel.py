# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_size_numel: torch.Size([10, 8]).numel()
# folds to 80 under fullgraph=True.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn():
    return torch.Size([10, 8]).numel()


torch._dynamo.reset()
assert torch.compile(fn, backend=CompileCounter(), fullgraph=True)() == 80
