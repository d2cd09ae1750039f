# Code whose compiled result differed from CPython's without a word (session 10's differential
# hunt; the cases of its user-object and module commits wait in pending/w10-fuzz): each case is driven plainly (the oracle) and compiled, the driver changing the state
# the function reads between calls, and the results, the types of the exceptions raised and the
# side effects compared.
import torch

from capturecheck import compiled, same


def attempt(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except Exception as e:  # the type is what must match
        return type(e).__name__


def check(fn, drive):
    want = drive(fn)
    opt, _ = compiled(fn)
    got = drive(opt)
    assert same(got, want), (fn.__name__, got, want)


def T():
    return torch.ones(2)


# ---- keyword arguments given twice (DICT_MERGE made the later value win) ----

def target(a, b=1, **kw):
    return a, b, kw


def kwargs_then_keyword(x, kw):
    return x, target(1, **kw, b=2)


def two_kwargs_dicts(x, k1, k2):
    return x, target(1, **k1, **k2), dict(**k1, z=3)


def kwargs_not_strings(x, kw):
    return x, target(1, **kw)


check(kwargs_then_keyword,
      lambda f: [attempt(f, T(), {}), attempt(f, T(), {"q": 1}), attempt(f, T(), {"b": 3})])
check(two_kwargs_dicts,
      lambda f: [attempt(f, T(), {"q": 1}, {"r": 2}), attempt(f, T(), {"q": 1}, {"q": 2}),
                 attempt(f, T(), {"z": 1}, {})])
check(kwargs_not_strings, lambda f: [attempt(f, T(), {"q": 1}), attempt(f, T(), {1: 1})])



# ---- class attributes read in the trace are guarded (a changed one was a stale constant) ----

class Config:
    n = 1


def class_attr(x, o):
    return x + Config.n + type(o).n + o.__class__.n


def class_arg(x, cls):
    return x + cls.n + getattr(cls, "extra", 0)


def drive_class_attr(f):
    Config.n = 1
    out = [attempt(f, T(), Config())]
    Config.n = 5
    out.append(attempt(f, T(), Config()))
    Config.n = 1
    return out


def drive_class_arg(f):
    class A:
        n = 1

    out = [attempt(f, T(), A)]
    A.n = 5
    out.append(attempt(f, T(), A))
    A.extra = 10
    out.append(attempt(f, T(), A))
    return out


check(class_attr, drive_class_attr)
check(class_arg, drive_class_arg)


# ---- a generator that raises StopIteration or resumes itself (the trace read a freed frame) ----

def generator_raises_stop(x):
    def gen():
        yield 1
        raise StopIteration

    try:
        return x, list(gen())
    except RuntimeError as e:
        return x + 1, str(e)


def generator_resumes_itself(x):
    def gen():
        yield next(it)

    it = gen()
    try:
        next(it)
    except ValueError as e:
        return x + 1, str(e)


check(generator_raises_stop, lambda f: [attempt(f, T())])
check(generator_resumes_itself, lambda f: [attempt(f, T())])


# ---- an input's layout and autograd facts come from the input, not from a dense meta copy ----

def layout(x):
    return x + 1, x.stride(), x.is_contiguous(), x.storage_offset()


def leafness(x):
    return x.detach() + 1, x.is_leaf


def drive_layout(f):
    base = torch.arange(6.0).view(2, 3)
    return [attempt(f, base.t()), attempt(f, base[:, ::2]), attempt(f, base.view(-1)[3:])]


def drive_leafness(f):
    a = torch.ones(2, requires_grad=True)
    return [attempt(f, a), attempt(f, a * 2), attempt(f, torch.ones(2))]


check(layout, drive_layout)
check(leafness, drive_leafness)

print("fidelity checks passed")
