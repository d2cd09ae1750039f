# PyTorch test/dynamo/test_exceptions.py ExceptionTests.test_dynamo_undo_kw_names: a call with keyword arguments (KW_NAMES) raises in the
# callee; the handler then makes other calls, which must not see the failed call's names.
# The test compiles with backend="eager", fullgraph=True and asserts the result equals eager's.
import torch
import torch._dynamo


def g(x, k=None):
    if k:
        raise TypeError("error")
    return x.sin()


def fn(x):
    d = {"a": x}
    try:
        g(x, k=True)
    except Exception:
        y = 0
        for _, b in d.items():  # noqa: PERF102
            y += b.sum()
    return y


x = torch.randn(2, 3)
expected = fn(x)
got = torch.compile(fn, backend="eager", fullgraph=True)(x)
assert torch.allclose(expected, got), (expected, got)
