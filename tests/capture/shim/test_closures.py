# Closures over cells made in the trace (Dynamo's NewCellVariable): a compiled frame that builds
# nested functions over locals of frames the trace ran and lets them escape hands back functions
# CPython would have made: the same names, defaults, keyword defaults, annotations and closure
# cells (one cell shared by two functions stays one cell; a function that calls itself through
# its cell is that function). The oracle is the same function run uncompiled; the counts are
# what one graph per frame gives (Dynamo's test_nested_closure shape). Runs under `dynascope run`.
import torch
import torch._dynamo
from capturecheck import breaks, compiled, same

def signature(f):
    return (f.__name__, f.__qualname__, f.__module__, f.__defaults__, f.__kwdefaults__,
            f.__annotations__, f.__code__ is not None, len(f.__closure__ or ()))


x = torch.randn(3)


# A cell of an inlined frame (total), mutated through nonlocal by the escaped function, next to a
# cell of the compiled frame (step); defaults, keyword-only defaults and annotations kept.
def make_counter(start, step):
    def inner(base):
        total = base * 2

        def bump(k: int = 1, *, scale: float = 1.0) -> torch.Tensor:
            nonlocal total
            total = total + k * step * scale
            return total

        return bump

    return inner(start)


opt, cnt = compiled(make_counter, fullgraph=True)
got, want = opt(x, 2.0), make_counter(x, 2.0)
assert signature(got) == signature(want), (signature(got), signature(want))
for args in [(), (3,), (1,)]:
    assert same(got(*args), want(*args))
assert same(got(scale=0.5), want(scale=0.5))
assert (cnt.frame_count, cnt.op_count) == (1, 1), (cnt.frame_count, cnt.op_count)
assert not breaks(), breaks()


# Two functions over one cell: after the exit they still share it.
def pair(v0):
    def inner():
        v = v0 + 1

        def get():
            return v

        def put(n):
            nonlocal v
            v = n

        return get, put

    return inner()


opt, cnt = compiled(pair, fullgraph=True)
get, put = opt(x)
want_get, want_put = pair(x)
assert get.__closure__[0] is put.__closure__[0]
assert same(get(), want_get())
put(7)
want_put(7)
assert get() == want_get() == 7
assert cnt.frame_count == 1 and not breaks()


# A function that calls itself through its own cell: the cell holds the function returned.
def recursive_maker(n):
    def inner():
        def fact(k):
            return 1 if k <= 1 else k * fact(k - 1)

        return fact

    return inner(), n


opt, cnt = compiled(recursive_maker, fullgraph=True)
fact, _ = opt(5)
assert fact.__closure__[0].cell_contents is fact
assert fact(5) == recursive_maker(5)[0](5) == 120
assert not breaks(), breaks()


# A cell that is never set stays empty: the escaped function raises as CPython's does.
def empty_cell_maker(flag):
    def inner():
        def g():
            return w

        if flag:
            w = 1
        return g

    return inner()


opt, cnt = compiled(empty_cell_maker, fullgraph=True)
for maker in (opt, empty_cell_maker):
    try:
        maker(False)()
    except NameError as e:
        assert "w" in str(e)
    else:
        raise AssertionError("NameError expected")
assert opt(True)() == 1


# Called again in the same trace (inlined over its symbolic cell) and returned as well.
def use_and_return(y):
    def inner(z):
        c = z * 3

        def f(w):
            return w + c

        return f

    f = inner(y)
    return f(y) + f(1.0), f


opt, cnt = compiled(use_and_return, fullgraph=True)
got, want = opt(x), use_and_return(x)
assert same(got[0], want[0]) and same(got[1](x), want[1](x))
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)


# A break with such a closure in a local: the frame goes on in CPython with the rebuilt function,
# and the region after the break reads its cell as an input.
def across_break(y):
    def inner():
        k = y * 2
        return lambda: k + 1

    f = inner()
    torch._dynamo.graph_break()
    return f()


opt, cnt = compiled(across_break)
assert same(opt(x), across_break(x))
assert cnt.frame_count == 2 and breaks() == ["graph_break_call"], (cnt.frame_count, breaks())

print("closure checks passed")
