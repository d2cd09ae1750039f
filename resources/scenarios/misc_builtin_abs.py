# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_abs: abs() of tensors, of a negative int
# and of a negative float compiles under fullgraph=True; results equal eager for each input pair.
import torch
import torch._dynamo
from torch.testing import make_tensor


def fn(x, y):
    return abs(x) + abs(y)


torch._dynamo.reset()
opt = torch.compile(fn, backend="eager", fullgraph=True)
for a, b in [(torch.randn(10, 10), torch.randn(10, 10)),
             (-10, make_tensor(10, dtype=torch.int64, device="cpu")),
             (-0.1, torch.randn(10))]:
    expected = fn(a, b)
    got = opt(a, b)
    assert expected.dtype == got.dtype and torch.allclose(expected, got), (expected, got)
