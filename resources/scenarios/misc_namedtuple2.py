# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple2: a namedtuple argument: unpacked,
# hasattr on a field, indexed: one graph, 3 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same
import collections

mytuple = collections.namedtuple("mytuple", ["a", "b", "ab"])


def fn(packed):
    a, b, c = packed
    if hasattr(packed, "b"):
        b = packed.b + 1
    c = packed[2]
    return a + b + c


torch._dynamo.reset()
cnts = CompileCounter()
packed = mytuple(torch.Tensor([1]), torch.Tensor([2]), torch.Tensor([3]))
assert torch._dynamo.optimize(cnts)(fn)(packed)[0] == 7
assert (cnts.frame_count, cnts.op_count) == (1, 3), (cnts.frame_count, cnts.op_count)
