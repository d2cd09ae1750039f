# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_optimize_decorator: the outermost compiled
# function owns the trace: fn1 (under run()) and fn2 (another backend) are inlined into fn3's one
# graph: cnts2 0 graphs, cnts3 1 graph of 4 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts2 = CompileCounter()
cnts3 = CompileCounter()


@torch._dynamo.run()
def fn1(x):
    return torch.sin(x) * 10


@torch.compile(backend=cnts2, fullgraph=True)
def fn2(x):
    return fn1(x) + 1


@torch.compile(backend=cnts3, fullgraph=True)
def fn3(x):
    return torch.relu(fn2(x))


torch._dynamo.reset()
x = torch.randn(4, 5)
assert torch.allclose(fn3(x), torch.relu(torch.sin(x) * 10 + 1))
assert cnts2.frame_count == 0, cnts2.frame_count
assert (cnts3.frame_count, cnts3.op_count) == (1, 4), (cnts3.frame_count, cnts3.op_count)
