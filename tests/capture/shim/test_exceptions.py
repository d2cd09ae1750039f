# try/except inside the trace (Dynamo's ExceptionVariable and 3.11 exception-table handling): an
# exception raised in the traced code, or one the tracer detects as CPython would raise it (a
# missing dict key, a list index out of range, an exhausted iterator), caught by an `except` of
# the same or an inlined frame, with `as e`, `finally`, nested try and bare re-raise, compiles to
# one graph. What the tracer cannot model soundly stays a named break and the result stays
# CPython's. Oracle: the same function run uncompiled. Runs under `dynascope run`.
import torch
import torch._dynamo
from capturecheck import breaks, compiled, same

def check(fn, *args, frames=1, ops=None, fullgraph=True):
    opt, cnt = compiled(fn, fullgraph=fullgraph)
    got, want = opt(*args), fn(*args)
    assert same(got, want), (fn.__name__, got, want)
    assert cnt.frame_count == frames, (fn.__name__, cnt.frame_count)
    assert ops is None or cnt.op_count == ops, (fn.__name__, cnt.op_count)
    return cnt


x = torch.randn(4)


# Raised and caught in one frame: `as e` with its args, str() and type, a tuple of classes, finally.
def raise_catch(x):
    log = []
    try:
        y = x + 1
        raise ValueError("bad", 3)
    except (KeyError, ValueError) as e:
        log.append(str(e))
        log.append(e.args[1])
        log.append(type(e).__name__)
        log.append(isinstance(e, LookupError))
        y = y * e.args[1]
    finally:
        log.append("finally")
        y = y - 1
    return y, log


check(raise_catch, x, ops=3)


# Raised in an inlined frame, handled there, re-raised bare, passed by a non-matching inner
# handler and caught by the outer one; the inner frame's work before the raise is kept.
def helper(x, box):
    try:
        raise RuntimeError("inner")
    except RuntimeError:
        box.append(x + 1)
        raise


def nested(x):
    box = []
    try:
        try:
            helper(x, box)
        except KeyError:
            return x * 0, box
    except RuntimeError as e:
        return x * 2, str(e), box


check(nested, x, ops=2)


# A user exception class without methods of its own, with a tensor among its arguments, raised
# `from` another and caught by its base class.
class Oops(Exception):
    pass


def custom(x):
    try:
        try:
            raise KeyError("k")
        except KeyError as inner:
            raise Oops(x * 3, "why") from inner
    except Exception as e:
        return e.args[0] + 1, e.args[1], type(e.__cause__).__name__


check(custom, x, ops=2)


# Exceptions the tracer detects, caught as CPython's: KeyError (the dict's keys are guarded),
# IndexError, StopIteration.
def detected(x, d, items):
    out = []
    try:
        out.append(d["missing"])
    except KeyError as e:
        out.append(e.args)
    try:
        items[10]
    except IndexError as e:
        out.append(str(e))
    it = iter(items)
    next(it)
    next(it)
    try:
        next(it)
    except StopIteration:
        out.append("stop")
    return x + len(out), out


check(detected, x, {"a": 1}, [1, 2], ops=1)
opt, cnt = compiled(detected)
assert same(opt(x, {"a": 1}, [1, 2]), detected(x, {"a": 1}, [1, 2]))
assert same(opt(x, {"missing": 5}, [1, 2]), detected(x, {"missing": 5}, [1, 2]))
assert cnt.frame_count == 2, cnt.frame_count  # the key set is guarded


# A with-block left by an exception restores the grad mode on its way out.
def grad_block(x):
    y = x.requires_grad_(False) * 1
    try:
        with torch.no_grad():
            y = y + 1
            raise NotImplementedError
    except NotImplementedError:
        z = torch.ones(2, requires_grad=True) * 2
    return y, z


check(grad_block, x)


# Not modelled, so named breaks and CPython's results: an exception leaving the compiled frame
# (it is raised again by CPython), a break inside an except block (that region runs uncaptured),
# an exception from a generator expression that ran ahead of its consumer.
def escapes(x):
    y = x + 1
    helper(y, [])


opt, cnt = compiled(escapes)
for f in (opt, escapes):
    try:
        f(x)
    except RuntimeError as e:
        assert str(e) == "inner"
    else:
        raise AssertionError("RuntimeError expected")
assert "python_exception" in breaks(), breaks()


def break_in_handler(x):
    try:
        raise ValueError("v")
    except ValueError:
        torch._dynamo.graph_break()
        y = x + 1
    return y


check(break_in_handler, x, frames=0, fullgraph=False)
assert "graph_break_call" in breaks(), breaks()


def positive(v):
    if v < 0:
        raise ValueError(v)
    return v


def generator_order(x, items):
    seen = []
    try:
        for v in (positive(i) for i in items):
            seen.append(v)
    except ValueError as e:
        seen.append(("error", e.args))
    return x + 1, seen


# The generator raises at its third item, inside the consumer's loop, as in CPython (generators
# run one yield at a time): one graph, the handler sees the items before.
check(generator_order, x, [1, 2, -3, 4], frames=1, fullgraph=True)
assert not breaks(), breaks()

# hasattr swallows only AttributeError: a property raising another exception still raises.
class Prop:
    @property
    def p(self):
        raise RuntimeError("no")

    @property
    def q(self):
        raise AttributeError("q")


prop = Prop()


def has(x):
    return x + hasattr(prop, "q")


check(has, x, fullgraph=False)


def has_raises(x):
    return x + hasattr(prop, "p")


opt, cnt = compiled(has_raises)
try:
    opt(x)
except RuntimeError as e:
    assert str(e) == "no"
else:
    raise AssertionError("RuntimeError expected")

print("exception checks passed")
