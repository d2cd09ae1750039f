# PyTorch test/dynamo/test_misc.py MiscTests.test_torch_variable_hasattr, test_list_hasattr1,
# test_list_hasattr2, test_tuple_hasattr, test_fn_hasattr__name__1, test_fn_hasattr__name__2,
# test_fn_hasattr__name__3 and test_constant_hasattr_returns_bool: hasattr() on a torch module, a
# list, a tuple, lambdas, functions, a functools.partial and constants is decided at trace time
# (fullgraph=True); every result equals eager.
import functools

import torch
import torch._dynamo
from torch._dynamo.testing import same


def on_module(x):
    if hasattr(torch.nn, "Module"):
        return x * x
    return x + 1


def on_list(x):
    if hasattr(x, "foo"):
        return x[0] + 1
    return x[0] - 1


def on_local_list():
    x = [torch.zeros(3)]
    if hasattr(x, "__len__"):
        return x[0] + 1
    return x[0] - 1


def on_tuple(x):
    if hasattr(x, "foo"):
        return x[0] + 1
    return x[1] - 1


def bar(x, y=0):
    return torch.sin(x) + y


baz = functools.partial(bar, y=4)


def on_functions():
    lam = lambda x: x + 1  # noqa: E731
    return hasattr(lam, "__name__"), hasattr(bar, "__name__"), hasattr(baz, "__name__")


def on_constants():
    s, i, f = "hello", 42, 3.14
    return (hasattr(s, "upper"), hasattr(s, "nonexistent"), hasattr(i, "bit_length"),
            hasattr(i, "fake_method"), hasattr(f, "is_integer"), hasattr(f, "missing_attr"))


def compiled(fn):
    return torch.compile(backend="eager", fullgraph=True)(fn)


x = torch.rand([4, 4])
assert same(on_module(x), compiled(on_module)(x))
lst = [torch.randn(3)]
assert same(on_list(lst), compiled(on_list)(lst))
assert same(on_local_list(), compiled(on_local_list)())
tup = (torch.randn(3), torch.randn(3))
assert same(on_tuple(tup), compiled(on_tuple)(tup))
assert compiled(on_functions)() == on_functions() == (True, True, False)
assert compiled(on_constants)() == on_constants() == (True, False, True, False, True, False)
