# PyTorch test/dynamo/test_misc.py MiscTests.test_builtin_subclasses_as_method_on_var: the list
# Foo.__subclasses__() returns from one compiled function is passed to another, which calls
# __subclasses__() on its first item (optimize_assert): [Baz], as eager.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


class Foo:
    pass


class Bar(Foo):
    pass


class Baz(Bar):
    pass


counter = CompileCounter()


@torch._dynamo.optimize_assert(counter)
def fn():
    return Foo.__subclasses__()


@torch._dynamo.optimize_assert(counter)
def fn_single(subs_of_foo):
    return subs_of_foo[0].__subclasses__()


torch._dynamo.reset()
expected = Foo.__subclasses__()[0].__subclasses__()
got = fn_single(fn())
assert len(got) == 1 and got == expected == [Baz], got
