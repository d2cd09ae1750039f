# PyTorch test/dynamo/test_misc.py MiscTests.test_type_copy: type(seq)([...]) rebuilds a list
# argument as a list and a tuple argument as a tuple: results equal eager, frame_count 2 (one per
# container type), op_count 6.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(seq):
    a, b = seq
    return type(seq)([a + 1, b + 2, a + b])


torch._dynamo.reset()
args1 = [torch.randn(10), torch.randn(10)]
args2 = (torch.randn(10), torch.randn(10))
correct1, correct2 = fn(args1), fn(args2)
cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts)
assert same(opt_fn(args1), correct1)
assert same(opt_fn(args2), correct2)
assert isinstance(opt_fn(args1), list)
assert isinstance(opt_fn(args2), tuple)
assert (cnts.frame_count, cnts.op_count) == (2, 6), (cnts.frame_count, cnts.op_count)
