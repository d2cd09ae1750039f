# PyTorch test/dynamo/test_misc.py MiscTests.test_set_aliasing_recompiles: a set of a global tensor
# and three arguments: which arguments alias each other (and the global) is guarded, so the
# frame count follows PyTorch's sequence 1, 1, 2, 2, 3, then after a reset 4, 5, 5, 6, 6; the
# results equal eager's.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

g1 = torch.randn(10)
g2 = torch.randn(10)
g3 = torch.randn(10)
g4 = torch.randn(10)


def foo(a, b, c):
    myset = {g1, a, b, c}
    return a + len(myset)


torch._dynamo.reset()
counter = CompileCounter()
opt = torch.compile(foo, backend=counter)
steps = [((g2, g3, g4), 1), ((g3, g2, g4), 1), ((g2, g2, g2), 2), ((g3, g3, g3), 2),
         ((g1, g1, g1), 3), "reset", ((g1, g1, g1), 4), ((g3, g3, g3), 5), ((g2, g2, g2), 5),
         ((g2, g3, g4), 6), ((g3, g2, g4), 6)]
for step in steps:
    if step == "reset":
        torch._dynamo.reset()
        continue
    args, frames = step
    assert torch.equal(opt(*args), foo(*args))
    assert counter.frame_count == frames, (args is None, counter.frame_count, frames)
