# PyTorch test/dynamo/test_misc.py MiscTests.test_structseq1: torch.return_types.max built from a
# tuple of two tensors and returned (fullgraph=True): equals eager's, the same structseq type.
import torch
import torch._dynamo


def fn(x, y):
    return torch.return_types.max((x, y))


torch._dynamo.reset()
x = torch.randn(3, 2)
y = torch.randn(2, 4)
expected = fn(x, y)
actual = torch.compile(fullgraph=True, backend="eager")(fn)(x, y)
assert type(actual) is type(expected), type(actual)
assert torch.equal(actual.values, expected.values) and torch.equal(actual.indices, expected.indices)
