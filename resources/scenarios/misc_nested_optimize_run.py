# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_optimize_run: a new input shape recompiles
# (1 then 2 graphs); torch._dynamo.run() of the compiled function only reuses the cache and never
# compiles (still 2 after a third shape).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts = CompileCounter()


@torch.compile(backend=cnts, fullgraph=True)
def fn(x):
    return torch.relu(torch.cos(x) + torch.sin(x))


torch._dynamo.reset()
fn(torch.randn(4))
assert cnts.frame_count == 1, cnts.frame_count
fn(torch.randn(4, 4))
assert cnts.frame_count == 2, cnts.frame_count
run_fn = torch._dynamo.run(fn)
x = torch.randn(4, 4, 4)
assert torch.allclose(run_fn(x), torch.relu(torch.cos(x) + torch.sin(x)))
assert cnts.frame_count == 2, cnts.frame_count
