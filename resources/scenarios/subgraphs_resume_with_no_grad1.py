# PyTorch test/dynamo/test_subgraphs.py SubGraphTests.test_resume_with_no_grad1: compiled with
# torch._dynamo.optimize(CompileCounter), called on (ones, -2*ones) and swapped; results
# equal eager ones, frame_count 2, op_count 9 (SubGraphTests._common).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same, unsupported


def fn(a, b):
    x = a + b
    with torch.no_grad():
        x = x + 1
        x.sum().tolist()  # graph break
        x = x + 2
    x = x + 3
    return x


torch._dynamo.reset()
v1 = torch.ones(10)
v2 = torch.ones(10) * -2.0
correct1, correct2 = fn(v1, v2), fn(v2, v1)
cnt = CompileCounter()
opt_fn = torch._dynamo.optimize(cnt)(fn)
assert same(opt_fn(v1, v2), correct1)
assert same(opt_fn(v2, v1), correct2)
assert (cnt.frame_count, cnt.op_count) == (2, 9), (cnt.frame_count, cnt.op_count)

# The test runs the same check again with the whole call under no_grad. Its recorded count (9)
# predates the coalescing of grad-mode switches that PyTorch 2.4+ does (test_ctx_manager.py
# test_no_grad, "coalesced noop"): under no_grad the block switches nothing, so the two graphs
# hold the 5 arithmetic ops only. We follow 2.4+.
torch._dynamo.reset()
with torch.no_grad():
    correct1, correct2 = fn(v1, v2), fn(v2, v1)
    cnt = CompileCounter()
    opt_fn = torch._dynamo.optimize(cnt)(fn)
    r = opt_fn(v1, v2)
    assert same(r, correct1), (r, correct1)
    assert same(opt_fn(v2, v1), correct2)
    assert (cnt.frame_count, cnt.op_count) == (2, 5), (cnt.frame_count, cnt.op_count)
