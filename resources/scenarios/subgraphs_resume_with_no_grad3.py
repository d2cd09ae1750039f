# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_resume_with_no_grad3: compiled with
# torch._dynamo.optimize(CompileCounter), called on (ones, -2*ones) and swapped; results
# equal eager ones, frame_count 2, op_count 11 (SubGraphTests._common). PyTorch 2.4+ asserts 11
# (the 2023 test asserted 19, before grad-mode switches were coalesced and cleanup_graph dropped
# adjacent switch pairs): graph 1 = add, set_grad(False), add, set_grad(True), sum; graph 2 =
# getitem, add, set_grad(False), add, set_grad(True), add.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same, unsupported


def fn(a, b):
    x = a + b
    with torch.no_grad():
        with torch.no_grad():
            x = x + 1
            with torch.enable_grad():
                x.sum().tolist()  # graph break
                x = x[0] + 2
            x = x + 3
    x = x + 4
    return x


torch._dynamo.reset()
v1 = torch.ones(10)
v2 = torch.ones(10) * -2.0
correct1, correct2 = fn(v1, v2), fn(v2, v1)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
assert same(opt_fn(v1, v2), correct1)
assert same(opt_fn(v2, v1), correct2)
assert (cnt.frame_count, cnt.op_count) == (2, 11), (cnt.frame_count, cnt.op_count)
