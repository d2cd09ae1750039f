# PyTorch test/dynamo/test_misc.py MiscTests.test_312_binary_slice_with_graph_break1 and
# test_312_binary_slice_with_graph_break2: a Sequential made in the trace sliced and called (a
# break with items on the stack), and slice stores/loads on an object whose __getitem__ breaks the
# graph: results equal eager's.
import torch
import torch._dynamo

l1 = torch.nn.Linear(5, 5)
l2 = torch.nn.Linear(5, 5)


def sliced_seq(x):
    n = torch.nn.Sequential(l1, l2)
    return n[1:](x)


class Breaker:
    def __setitem__(self, key, val):
        pass

    def __getitem__(self, key):
        torch._dynamo.graph_break()
        return 1


breaker = Breaker()


def slice_ops(x):
    breaker[:] = x
    x = x + breaker[:]
    if x is None:
        x = x + 1
    else:
        x = x + 1
    return x


torch._dynamo.reset()
x = torch.randn(5, 5)
assert torch.allclose(torch.compile(sliced_seq, backend="eager")(x), sliced_seq(x))
assert torch.allclose(torch.compile(slice_ops, backend="eager")(x), slice_ops(x))
