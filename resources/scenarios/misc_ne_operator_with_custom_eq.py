# PyTorch test/dynamo/test_misc.py MiscTests.test_ne_operator_with_custom_eq,
# test_ne_operator_with_custom_ne and test_ne_operator_with_custom_graphbreak_eq: `f1 != f2` of user
# objects with only __eq__ (CPython inverts it), with their own __ne__ (traced: it sets a flag),
# and with an __eq__ that breaks the graph (1 graph break counted): all False, as in eager.
import torch
import torch._dynamo
from torch._dynamo.utils import counters


class EqOnly:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        return self.x == other.x


class WithNe:
    def __init__(self, x):
        self.x = x
        self.ne_called = False

    def __ne__(self, other):
        self.ne_called = True
        return not self.__eq__(other)

    def __eq__(self, other):
        return self.x == other.x


class BreakingEq:
    def __init__(self, x):
        self.x = x

    def __eq__(self, other):
        torch._dynamo.graph_break()
        return self.x == other.x


def eq_only(x):
    return x + 1, EqOnly(0) != EqOnly(0)


w1 = WithNe(0)
w2 = WithNe(0)


def with_ne(x):
    return x + 1, w1 != w2


def breaking(x):
    return x + 1, BreakingEq(0) != BreakingEq(0)


torch._dynamo.reset()
assert torch.compile(eq_only, fullgraph=True, backend="eager")(torch.ones(1))[1] is False
assert torch.compile(with_ne, fullgraph=True, backend="eager")(torch.ones(1))[1] is False
assert w1.ne_called
counters.clear()
assert torch.compile(breaking, backend="eager")(torch.ones(1))[1] is False
assert len(counters["graph_break"]) == 1, dict(counters["graph_break"])
