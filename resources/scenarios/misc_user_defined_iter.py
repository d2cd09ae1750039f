# PyTorch test/dynamo/test_misc.py MiscTests.test_user_defined_iter: `for x in obj` with a user
# __iter__ returning iter(list) compiles once (fullgraph) and guards the list's length: appending
# to it recompiles (2 graphs); results equal eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Holder:
    def __init__(self):
        self.items = [torch.randn(2, 2), torch.randn(2, 2)]

    def __iter__(self):
        return iter(self.items)


def f(holder):
    out = []
    for t in holder:
        out.append(t + 1)
    return out


torch._dynamo.reset()
holder = Holder()
cnts = CompileCounter()
opt = torch.compile(f, backend=cnts, fullgraph=True)
expected = f(holder)
for _ in range(3):
    assert same(expected, opt(holder))
assert cnts.frame_count == 1, cnts.frame_count
holder.items.append(torch.randn(2, 2))
expected = f(holder)
for _ in range(3):
    assert same(expected, opt(holder))
assert cnts.frame_count == 2, cnts.frame_count
