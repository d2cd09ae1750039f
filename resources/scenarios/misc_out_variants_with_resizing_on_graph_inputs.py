# PyTorch test/dynamo/test_misc.py MiscTests.test_out_variants_with_resizing_on_graph_inputs:
# torch.cosh(x, out=y) where y must be resized: 1 graph, result equal to eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn(x, y):
    return torch.cosh(x, out=y) + 1


torch._dynamo.reset()
x = torch.rand(2, 3)
y = torch.rand(4)
cnts = CompileCounter()
expected = fn(x.clone(), y.clone())
assert same(expected, torch.compile(fn, backend=cnts)(x.clone(), y.clone()))
assert cnts.frame_count == 1, cnts.frame_count
