# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_resume2: compiled with
# torch._dynamo.optimize(CompileCounter), called on (ones, -2*ones) and swapped; results
# equal eager ones, frame_count 3, op_count 7 (SubGraphTests._common).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same, unsupported


def indirectly_unsupported(a, b):
    c = a + b
    return unsupported(a, c)


def fn(a, b):
    x = a + b
    x = x / 2.0
    x = x + 2.0
    x = indirectly_unsupported(x, a)
    x = x + 2.0
    x = x + 2.0
    x = x + 2.0
    return x


torch._dynamo.reset()
v1 = torch.ones(10)
v2 = torch.ones(10) * -2.0
correct1, correct2 = fn(v1, v2), fn(v2, v1)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
assert same(opt_fn(v1, v2), correct1)
assert same(opt_fn(v2, v1), correct2)
assert (cnt.frame_count, cnt.op_count) == (3, 7), (cnt.frame_count, cnt.op_count)
