# Scenario: a compiled lambda that reads a tuple held in a closure cell (the reduction dims of
# `a.sum(dims)`). The guard on the tuple's items reads the cell's contents, which print as the
# local itself (L['d'][0]); it must pass on the next call with the same tuple, so the function
# compiles once. A guard tree that took the cell for its contents failed this guard in C++ on
# every call and recompiled each time (found by the kernel suite's tuple-dim reductions).
# (Dynamo compiles a closure over constants once: PyTorch test_functions.py's make_test cases
# run each function twice and assert frame_count == 1.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

torch._dynamo.reset()
reduce = lambda a, d, k: a.sum(d, keepdim=k)
fn = (lambda r, d, k: lambda a: r(a * 2 - 1, d, k))(reduce, (0, 2), False)
cnt = CompileCounter()
opt = torch.compile(fn, backend=cnt)
x = torch.randn(3, 4, 5)
for _ in range(4):
    # (close, not equal: a generated kernel may sum in another order than eager)
    torch.testing.assert_close(opt(x), fn(x))
assert cnt.frame_count == 1, cnt.frame_count
assert cnt.op_count == 3, cnt.op_count
