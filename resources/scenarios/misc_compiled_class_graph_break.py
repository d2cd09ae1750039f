# PyTorch test/dynamo/test_misc.py MiscTests.test_compiled_class_graph_break: a class statement
# inside the compiled function breaks the graph: 2 graphs, result sin(x + 1).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cnts = CompileCounter()


@torch.compile(backend=cnts)
def f(x):
    x += 1

    class C:
        pass

    return x.sin()


x = torch.randn(3)
expected = (x + 1).sin()
assert torch.allclose(f(x), expected)
assert cnts.frame_count == 2, cnts.frame_count
