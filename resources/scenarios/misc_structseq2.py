# PyTorch test/dynamo/test_misc.py MiscTests.test_structseq2: tuple() of a torch.return_types.qr
# built from two graph tensors (fullgraph=True): equals eager's tuple.
import torch
import torch._dynamo


def fn(x, y):
    return tuple(torch.return_types.qr((2 * x, y - 1)))


torch._dynamo.reset()
x = torch.randn(3, 2)
y = torch.randn(2, 4)
expected = fn(x, y)
actual = torch.compile(fullgraph=True, backend="eager")(fn)(x, y)
assert type(actual) is tuple and len(actual) == 2
assert all(torch.equal(a, b) for a, b in zip(actual, expected))
