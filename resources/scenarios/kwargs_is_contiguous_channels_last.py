# Scenario: is_contiguous(memory_format=torch.channels_last) keeps its keyword: a channels-last
# tensor takes the first branch. Dynamo folds the query to a constant (guarded by the stride
# check of the tensor guard). One graph, one op.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    if x.is_contiguous(memory_format=torch.channels_last):
        return x + 1
    return x - 1


torch._dynamo.reset()
x = torch.randn(2, 3, 4, 4).contiguous(memory_format=torch.channels_last)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt, fullgraph=True)
assert torch.equal(opt(x), x + 1)
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
