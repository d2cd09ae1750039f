# PyTorch test/dynamo/test_misc.py MiscTests.test_callpacked: unpacking a list or a tuple argument:
# a list and a tuple are two graphs (type guard), repeats hit: frame_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def call_packed(args):
    a, b, c = args
    return a - b * c


torch._dynamo.reset()
a, b, c = torch.randn(10, 10), torch.randn(10, 10), torch.randn(10, 10)
correct = call_packed([a, b, c])
counter = CompileCounter()
opt = torch._dynamo.optimize_assert(counter)(call_packed)
for packed in ([a, b, c], (a, b, c), [a, b, c], (a, b, c)):
    assert same(opt(packed), correct)
assert counter.frame_count == 2, counter.frame_count
