# PyTorch test/dynamo/test_misc.py MiscTests.test_closure_with_mutation_and_graph_break: a branch on
# a tensor element breaks the graph before a closure writes into the tensor: 2 graphs, result as
# eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn():
    x = torch.zeros(1)

    def subfunc():
        x[0] = backup

    if x[0] >= -1e5:
        pass
    backup = 1
    subfunc()
    return x


torch._dynamo.reset()
cnts = CompileCounter()
assert same(fn(), torch.compile(fn, backend=cnts)())
assert cnts.frame_count == 2, cnts.frame_count
