# PyTorch test/dynamo/test_misc.py MiscTests.test_intermediary_tensor_grad_access: .grad of a
# tensor made in the trace is None (fullgraph=True): [None], as eager, frame_count 1, op_count 2.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(a, b):
    intermediary = torch.ones(2, 2)
    c = a + intermediary
    outs = []
    outs.append(intermediary.grad)
    return outs


torch._dynamo.reset()
a = torch.ones([2, 2], requires_grad=True)
b = torch.ones([2, 2])
ref = fn(a, b)
cnts = CompileCounter()
res = torch.compile(fn, backend=cnts, fullgraph=True)(a, b)
assert res == ref == [None], res
assert (cnts.frame_count, cnts.op_count) == (1, 2), (cnts.frame_count, cnts.op_count)
