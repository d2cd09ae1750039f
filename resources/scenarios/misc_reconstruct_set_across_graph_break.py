# PyTorch test/dynamo/test_misc.py MiscTests.test_reconstruct_set_across_graph_break: a set of
# tensors (one added four times) built in the trace, carried across a print() break: y * 2, as
# eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def foo(x, y):
    setty = set()
    for t in x:
        setty.add(t)
    print("Break!")
    return y * len(setty)


torch._dynamo.reset()
x = torch.randn(10, 10)
y = torch.randn(2, 2)
assert torch.equal(torch.compile(foo, backend=CompileCounter())([x, x, x, x, y], y), y * 2)
