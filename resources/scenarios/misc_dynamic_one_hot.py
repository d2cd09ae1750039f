# PyTorch test/dynamo/test_misc.py MiscTests.test_dynamic_one_hot: one_hot without num_classes has
# a data-dependent output shape, a graph break: equals eager, frame_count 2, op_count 2 (the add
# before and the add after).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    x = x + 1
    x = torch.nn.functional.one_hot(x)
    x = x + 1
    return x


torch._dynamo.reset()
inp = torch.arange(20) % 4
counter = CompileCounter()
assert torch.equal(torch.compile(fn, backend=counter)(inp), fn(inp))
assert (counter.frame_count, counter.op_count) == (2, 2), (counter.frame_count, counter.op_count)
