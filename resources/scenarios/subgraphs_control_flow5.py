# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_control_flow5: compiled with
# torch._dynamo.optimize(CompileCounter), called on (ones, -2*ones) and swapped; results
# equal eager ones, frame_count 6, op_count 13 (SubGraphTests._common).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same, unsupported


def fn(a, b):
    tmp1 = a.sum() > b.sum() and a.sum() > 0
    tmp2 = a.sum() < b.sum() or b.sum() > 0
    if tmp1 and tmp2:
        return 1, tmp1, tmp2
    else:
        return 2, tmp1, tmp2


torch._dynamo.reset()
v1 = torch.ones(10)
v2 = torch.ones(10) * -2.0
correct1, correct2 = fn(v1, v2), fn(v2, v1)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
assert same(opt_fn(v1, v2), correct1)
assert same(opt_fn(v2, v1), correct2)
assert (cnt.frame_count, cnt.op_count) == (6, 13), (cnt.frame_count, cnt.op_count)
