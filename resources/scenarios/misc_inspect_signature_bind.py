# PyTorch test/dynamo/test_misc.py MiscTests.test_inspect_signature_bind and
# test_inspect_signature_bind_non_user_function: inspect.signature(f).bind(...) of a user function
# (its arguments changed, apply_defaults() or not) under fullgraph=True, and of a class, and of
# a stdlib function with keyword defaults (traceback.print_exc): the BoundArguments, arguments,
# args and kwargs equal eager's.
import inspect
import traceback

import torch
import torch._dynamo


def inner(a, b, *ar, c=10, d=11, **kw):
    pass


def bind_user(x, apply_defaults):
    sig = inspect.signature(inner)
    bound = sig.bind(1, 2, 3, d=12, e=15)
    bound.arguments["d"] = 13
    if apply_defaults:
        bound.apply_defaults()
    return sig, bound.signature, bound, bound.arguments, bound.args, bound.kwargs, x + 1


class Built:
    def __init__(self, a, b, *ar, c=10, d=11, **kw):
        pass


def bind_class(x):
    bound = inspect.signature(Built).bind(1, 2, 3, d=12, e=15)
    return bound, x + 1


def bind_stdlib(x):
    bound = inspect.signature(traceback.print_exc).bind()
    return bound, x + 1


torch._dynamo.reset()
opt = torch.compile(bind_user, backend="eager", fullgraph=True)
for apply_defaults in (True, False):
    _, _, b0, arg0, args0, kw0, _ = bind_user(torch.ones(3, 3), apply_defaults)
    _, _, b1, arg1, args1, kw1, _ = opt(torch.ones(3, 3), apply_defaults)
    assert b0 == b1 and arg0 == arg1 and args0 == args1 and kw0 == kw1, apply_defaults
    assert args1 and kw1
assert torch.compile(bind_class, backend="eager")(torch.ones(3, 3))[0] == bind_class(torch.ones(3, 3))[0]
assert torch.compile(bind_stdlib, backend="eager", fullgraph=True)(torch.ones(3, 3))[0] == bind_stdlib(torch.ones(3, 3))[0]
