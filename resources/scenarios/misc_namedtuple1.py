# PyTorch test/dynamo/test_misc.py MiscTests.test_namedtuple1: a module-level namedtuple built and
# read by field and index inside the function: one graph, 2 adds.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same
import collections

mytuple = collections.namedtuple("mytuple", ["a", "b", "ab"])


def fn(a, b):
    tmp = mytuple(a, b, a + b)
    return mytuple(tmp.a, tmp[1], tmp.ab + b)


torch._dynamo.reset()
cnts = CompileCounter()
assert torch._dynamo.optimize(cnts)(fn)(torch.Tensor([10]), torch.Tensor([20])).ab == 50
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
