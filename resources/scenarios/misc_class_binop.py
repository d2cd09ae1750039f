# PyTorch test/dynamo/test_misc.py MiscTests.test_class_binop: `a + b` on two user objects runs
# Foo.__add__, which builds a new Foo inside the trace and returns it (rebuilt after the graph
# from its traced attributes): one graph, 1 op; `a - b` (no __sub__) under fullgraph=True raises
# Unsupported.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class Foo:
    def __init__(self, x):
        self.x = x

    def __add__(self, other):
        return Foo(self.x + other.x)


def add(a, b):
    return a + b


def sub(a, b):
    return a - b


torch._dynamo.reset()
x = torch.randn(2)
a, b = Foo(x), Foo(x + 1)
cnts = CompileCounter()
out = torch.compile(add, backend=cnts)(a, b)
assert type(out) is Foo and out is not a and out is not b
assert same(out.x, 2 * x + 1)
assert (cnts.frame_count, cnts.op_count) == (1, 1), (cnts.frame_count, cnts.op_count)
try:
    torch.compile(sub, backend=cnts, fullgraph=True)(a, b)
except torch._dynamo.exc.Unsupported:
    pass
else:
    raise AssertionError("a - b without __sub__ must raise Unsupported under fullgraph=True")
