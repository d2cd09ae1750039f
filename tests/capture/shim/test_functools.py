# functools and the zip family in the trace, compiled against eager (the oracle), each called
# twice: functools.partial made in the trace (called, read, flattened, escaping by return, by a
# global and across a break), a functools.lru_cache function (traced through __wrapped__ with
# Dynamo's warning, PyTorch test_functions.py test_lru_cache_warning_issued_during_tracing),
# itertools.zip_longest, zip(strict=True) (PyTorch test_functions.py test_zip_strict: eager's
# ValueError without fullgraph, a UserError with it) and dict/OrderedDict/defaultdict.fromkeys.
# Before session 10 every one of these broke the graph. Runs under `dynascope run`.
import collections
import functools
import itertools
import warnings

import torch
import torch._dynamo
from torch._dynamo.exc import UserError

from capturecheck import breaks, compiled, same


def same_partial(a, b):
    return (type(a) is type(b) is functools.partial and a.func is b.func
            and same(list(a.args), list(b.args)) and list(a.keywords) == list(b.keywords)
            and same(list(a.keywords.values()), list(b.keywords.values())))


def udf(x, y, scale=1):
    return x * y * scale


def partials_called(x):
    mul = functools.partial(torch.mul, torch.ones(2))
    by_kw = functools.partial(udf, y=x, scale=2)
    lam = functools.partial(lambda a, b: a - b, b=3)
    nested = functools.partial(by_kw, scale=5)
    by_kw.keywords["scale"] = 4  # the dict p.keywords gives is the one later calls read
    return mul(x), by_kw(x), lam(x), nested(x), nested.func is udf, len(nested.args)


KEPT = None


def partial_escapes(x):
    global KEPT
    p = functools.partial(udf, x, scale=3)
    KEPT = functools.partial(p, scale=5)
    return p(x), p


def partial_across_break(x):
    p = functools.partial(udf, y=x + 1)
    torch._dynamo.graph_break()
    return p(x), p


for fn, fullgraph in ((partials_called, True), (partial_escapes, True),
                      (partial_across_break, False)):
    KEPT = None
    want = [fn(torch.ones(2)) for _ in range(2)]
    want_kept, KEPT = KEPT, None
    opt, cnt = compiled(fn, fullgraph=fullgraph)
    got = [opt(torch.ones(2)) for _ in range(2)]
    for g, w in zip(got, want):
        if isinstance(w[-1], functools.partial):
            assert same_partial(g[-1], w[-1]) and same(g[-1](torch.ones(2)), w[-1](torch.ones(2)))
            g, w = g[:-1], w[:-1]
        assert same(g, w), (fn.__name__, g, w)
    assert (KEPT is None) == (want_kept is None), (KEPT, want_kept)
    assert KEPT is None or (same_partial(KEPT, want_kept)
                            and same(KEPT(torch.ones(2)), want_kept(torch.ones(2))))
    assert breaks() == ([] if fullgraph else ["graph_break_call"]), (fn.__name__, breaks())
    assert cnt.frame_count == (1 if fullgraph else 2), (fn.__name__, cnt.frame_count)


@functools.lru_cache
def cached(x, y, _=None):
    return torch.sin(x * y)


def calls_cached(a, b):
    return cached(a, 2, b)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    opt, cnt = compiled(calls_cached, fullgraph=True)
    got = [opt(torch.ones(2), torch.zeros(2)) for _ in range(2)]
assert same(got, [calls_cached(torch.ones(2), torch.zeros(2)) for _ in range(2)])
assert cnt.frame_count == 1 and not breaks(), (cnt.frame_count, breaks())
assert any("functools.lru_cache" in str(w.message) for w in caught), [str(w.message) for w in caught]


def zips(x):
    longest = list(itertools.zip_longest([1, 2, 3], "ab", (True,), fillvalue="-"))
    it = iter([4, 5])
    shared = list(itertools.zip_longest(it, [6]))  # an iterator source: read one item at a time
    strict = [a * b for a, b in zip([1.0, 2.0], (3.0, 4.0), strict=True)]
    return x + len(longest), longest, shared, strict, list(itertools.zip_longest())


def fromkeys(x):
    d = dict.fromkeys(["a", "b"])
    d1 = dict.fromkeys(d, x + 1)
    d2 = collections.defaultdict.fromkeys(iter(d1), x - 2)
    d3 = collections.OrderedDict.fromkeys(("b", "a", "b"), value=3)
    d2.setdefault("c", 7)
    return d1["a"] * d2["b"] + d3["a"], list(d), list(d3.items()), d2["c"], d1["a"] is d1["b"]


for fn in (zips, fromkeys):
    want = [fn(torch.ones(2)) for _ in range(2)]
    opt, cnt = compiled(fn, fullgraph=True)
    got = [opt(torch.ones(2)) for _ in range(2)]
    assert same(got, want), (fn.__name__, got, want)
    assert cnt.frame_count == 1, (fn.__name__, cnt.frame_count)


def zip_strict(x, ys, zs):
    x = x.clone()
    for y, z in zip(ys, zs, strict=True):
        x += y * z
    return x


opt, cnt = compiled(zip_strict)
nopython, _ = compiled(zip_strict, fullgraph=True)
ys, zs = [1.0, 2.0, 3.0], [2.0, 5.0, 8.0]
for _ in range(2):
    assert same(opt(torch.ones(3), ys, zs), zip_strict(torch.ones(3), ys, zs))
for short, long in ((ys[:1], zs), (ys, zs[:2])):
    try:
        zip_strict(torch.ones(3), short, long)
    except ValueError as e:
        eager_message = str(e)
    for _ in range(2):
        try:
            opt(torch.ones(3), short, long)
            raise AssertionError("no ValueError")
        except ValueError as e:
            assert str(e) == eager_message, (str(e), eager_message)
        try:
            nopython(torch.ones(3), short, long)
            raise AssertionError("no UserError")
        except UserError as e:
            assert eager_message in str(e), (str(e), eager_message)

print("functools checks passed")
