# PyTorch test/dynamo/test_misc.py MiscTests.test_list_mul: a frame with only int and list
# arithmetic (no tensor op) makes no graph: frame_count 0, op_count 0 (static shapes); the result
# is [None] * 4.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(count):
    return count * [None] * count


torch._dynamo.reset()
cnts = CompileCounter()
assert torch.compile(fn, backend=cnts)(2) == [None] * 4
assert (cnts.frame_count, cnts.op_count) == (0, 0), (cnts.frame_count, cnts.op_count)
