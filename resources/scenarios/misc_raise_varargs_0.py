# PyTorch test/dynamo/test_misc.py MiscTests.test_RAISE_VARARGS_0: a bare `raise` re-raising the
# handled ValueError from an inlined function, caught by the compiled function under
# fullgraph=True: t.sin().
import torch
import torch._dynamo


def reraise():
    try:
        raise ValueError
    except:  # noqa: E722
        raise


def fn(t):
    try:
        reraise()
    except ValueError:
        return t.sin()
    except Exception:
        return t.cos()


torch._dynamo.reset()
t = torch.randn(2)
assert torch.equal(torch.compile(fn, backend="eager", fullgraph=True)(t), t.sin())
