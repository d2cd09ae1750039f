# PyTorch test/dynamo/test_misc.py MiscTests.test_tuple_mul: int times a tuple times int, no tensor
# op: frame_count 0, op_count 0 (static shapes); the result is (2, 3) * 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(count):
    return count * (2, 3) * count


torch._dynamo.reset()
cnts = CompileCounter()
assert torch.compile(fn, backend=cnts)(2) == (2, 3) * 4
assert (cnts.frame_count, cnts.op_count) == (0, 0), (cnts.frame_count, cnts.op_count)
