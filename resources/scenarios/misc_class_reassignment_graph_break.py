# PyTorch test/dynamo/test_misc.py MiscTests.test_class_reassignment_graph_break: an object made in
# the trace whose __class__ is then assigned: the trace breaks at that store with the object alive
# in a local, so it is rebuilt (object.__new__ plus its traced attributes, __init__ not run again)
# and CPython goes on with it; isinstance/hasattr afterwards see the new class. The result equals
# eager. (The test asserts only the results; one break, at the __class__ store, is checked too.)
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


class BaseClass:
    def __init__(self, x):
        self.x = x


class DerivedClass(BaseClass):
    def __init__(self, x):
        super().__init__(x)
        self.y = x * 2


def fn(x):
    obj = BaseClass(5)
    obj.__class__ = DerivedClass
    is_derived = isinstance(obj, DerivedClass)
    has_y = hasattr(obj, "y")
    return x + 1, is_derived, has_y, obj.x


torch._dynamo.reset()
x = torch.ones(1)
eager = fn(x)
compiled = torch.compile(fn, backend="eager")(x)
assert same(list(eager), list(compiled)), (eager, compiled)
assert compiled[1:] == (True, False, 5)
explained = torch._dynamo.explain(fn)(x)
assert explained.graph_break_count == 1, explained.graph_break_count
