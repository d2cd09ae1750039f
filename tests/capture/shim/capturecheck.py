# What the capture checks in this folder share: a function compiled with a fresh CompileCounter,
# the break types the run met, and results compared with eager's (tensors by value, shape and
# requires_grad; containers item by item; the rest by type and ==).
import _dynascope_capture as capture
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def compiled(fn, **kwargs):
    torch._dynamo.reset()
    cnt = CompileCounter()
    return torch.compile(fn, backend=cnt, **kwargs), cnt


def breaks():
    return [b["break_type"] for r in capture.records() for b in r["breaks"]]


def same(a, b):
    if isinstance(a, torch.Tensor):
        return (isinstance(b, torch.Tensor) and a.shape == b.shape and torch.allclose(a, b)
                and a.requires_grad == b.requires_grad)
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def attempt(f, *args, **kwargs):
    """f's result, or the exception it raised as (type name, message): what must match."""
    try:
        return f(*args, **kwargs)
    except Exception as e:
        return type(e).__name__, str(e)


def check(fn, drive):
    """drive(fn) plainly (the oracle) and drive(compiled fn): the results must be the same."""
    want = drive(fn)
    opt, _ = compiled(fn)
    got = drive(opt)
    assert same(got, want), (fn.__name__, got, want)
