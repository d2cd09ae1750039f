# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_optimize: compiling an already compiled
# function compiles the original one (the inner optimize is ignored: cnts2 1 graph, cnts1 0), and
# torch._dynamo.run() of either wrapper reuses the cache of the code object, whichever backend
# filled it, without compiling (cnts1, then cnts2, stay 0).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    return torch.relu(torch.cos(x) + torch.sin(x))


def expected(x):
    return torch.relu(torch.cos(x) + torch.sin(x))


cnts1, cnts2 = CompileCounter(), CompileCounter()
fn1 = torch._dynamo.optimize(cnts1, nopython=True)(fn)
fn2 = torch._dynamo.optimize(cnts2, nopython=True)(fn1)
x = torch.randn(4)
assert torch.allclose(fn2(x), expected(x))
assert (cnts2.frame_count, cnts1.frame_count) == (1, 0), (cnts2.frame_count, cnts1.frame_count)
assert torch.allclose(torch._dynamo.run()(fn1)(x), expected(x))
assert cnts1.frame_count == 0, cnts1.frame_count

# The same the other way round.
torch._dynamo.reset()
cnts1, cnts2 = CompileCounter(), CompileCounter()
fn1 = torch._dynamo.optimize(cnts1, nopython=True)(fn)
fn2 = torch._dynamo.optimize(cnts2, nopython=True)(fn1)
assert torch.allclose(fn1(x), expected(x))
assert cnts1.frame_count == 1, cnts1.frame_count
assert torch.allclose(torch._dynamo.run()(fn2)(x), expected(x))
assert cnts2.frame_count == 0, cnts2.frame_count

# A shape no entry fits runs uncompiled under run(), and a later compiled call still compiles.
y = torch.randn(2, 3)
assert torch.allclose(torch._dynamo.run(fn1)(y), expected(y))
assert cnts1.frame_count == 1, cnts1.frame_count
assert torch.allclose(fn1(y), expected(y))
assert cnts1.frame_count == 2, cnts1.frame_count
