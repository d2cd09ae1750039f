# PyTorch test/dynamo/test_misc.py MiscTests.test_slice_input: a slice object as an argument (and an
# int) indexes a list under fullgraph=True; results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def getitem(a, idx):
    if isinstance(idx, slice):
        return torch.zeros(1), a[idx] + [100]
    return torch.zeros(1), a[idx]


torch._dynamo.reset()
layers = list(range(10))
opt = torch.compile(getitem, backend=CompileCounter(), fullgraph=True)
for idx in (slice(0, 2, 1), 2, slice(3, 8, 2)):
    expected = getitem(layers, idx)
    got = opt(layers, idx)
    assert torch.equal(expected[0], got[0]) and expected[1] == got[1], (idx, got)
