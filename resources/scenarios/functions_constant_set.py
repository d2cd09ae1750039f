# PyTorch test/dynamo/test_functions.py FunctionTests.test_constant_set: a global set of ints read
# with len() is guarded by value; adding to it outside the compiled function recompiles ("This
# should cause recompilation", 2 frames here, counted with a CompileCounter; the test itself runs
# backend="eager" and checks results) and both calls equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

s = set([1, 2])


def fn(x):
    return torch.cos(x) * len(s)


cnts = CompileCounter()
opt_fn = torch.compile(fn, backend=cnts, fullgraph=True)
x = torch.rand(4)
assert torch.allclose(opt_fn(x), fn(x))
assert cnts.frame_count == 1, cnts.frame_count
s.add(3)
assert torch.allclose(opt_fn(x), fn(x))
assert cnts.frame_count == 2, cnts.frame_count
