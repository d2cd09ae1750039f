# Dynamic ints (automatic dynamic for int inputs): an int that changed since the last compile is
# a graph input guarded on its type only, so the next new value hits the cache; any use that
# reads its value (a branch, a size, a range, a division) specialises it again. The oracle for
# every result is the same function run uncompiled; the counts are Dynamo's
# (test/dynamo/test_recompiles.py test_automatic_dynamic_on_closed_ints: 2 graphs for a changing
# int). Runs under `dynascope run`.
import _dynascope_capture as capture
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def compiled(fn, **kwargs):
    torch._dynamo.reset()
    cnt = CompileCounter()
    return torch.compile(fn, backend=cnt, **kwargs), cnt


def same(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.shape == b.shape and torch.allclose(a, b)
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


def check_calls(fn, argsets, **kwargs):
    opt, cnt = compiled(fn, **kwargs)
    for args in argsets:
        got, want = opt(*args), fn(*args)
        assert same(got, want), (fn.__name__, args[1:], got, want)
    return cnt


def entries():
    (record,) = capture.records()
    return [{(g["kind"], g["source"]) for g in e["guards"]} for e in record["entries"]]


x = torch.randn(4, 6)


# An int argument used as a tensor operand and in int arithmetic: one recompile, then hits.
def scale(x, n):
    m = n * 2 + 1
    return x * n + m


cnt = check_calls(scale, [(x, 2), (x, 3), (x, 4), (x, 5), (x, -7), (x, 0)])
assert cnt.frame_count == 2, cnt.frame_count
first, second = entries()
assert ("EQUALS_MATCH", "L['n']") in first
assert ("TYPE_MATCH", "L['n']") in second and ("EQUALS_MATCH", "L['n']") not in second
# The second graph takes n as an input and computes m in the graph.
(record,) = capture.records()
nodes = record["graphs"][1]["nodes"]
assert sorted(n["target"] for n in nodes if n["op"] == "placeholder") == ["L['n']", "L['x']"]
assert "operator.mul" in [n["target"] for n in nodes]

# An int computed from it is a graph output.
def plain_int(x, n):
    y = x.sin()
    return n * 3 - 1


cnt = check_calls(plain_int, [(x, 2), (x, 3), (x, 4), (x, 5)])
assert cnt.frame_count == 2, cnt.frame_count

# Another type after the int became dynamic fails the type guard: a float recompiles, and the
# result is the float's.
cnt = check_calls(scale, [(x, 2), (x, 3), (x, 2.5), (x, 4)])
assert cnt.frame_count == 3, cnt.frame_count


# Uses that read the value specialise it: each new value recompiles (as before), and an old
# value never runs a graph traced for another one.
def shaped(x, n):
    y = x.reshape(n, -1)
    total = 0
    for i in range(n):
        total = total + i
    return y * total


cnt = check_calls(shaped, [(x, 2), (x, 3), (x, 2), (x, 4), (x, 3), (x, 6)])
assert cnt.frame_count == 4, cnt.frame_count


def branch(x, n):
    k = n + 1
    if k > 3:
        return x + k
    return x - k


check_calls(branch, [(x, 1), (x, 2), (x, 3), (x, 5), (x, 2), (x, 0), (x, -4)])


def divided(x, n):
    return x * (n / 3), n // 2, n % 3, -n


check_calls(divided, [(x, 1), (x, 2), (x, 3), (x, 7), (x, 2)])


# A closure cell and a global as inputs; the cell's new value written back after each call.
def make_accumulator(start):
    total = start

    def add(x):
        nonlocal total
        total = total + 2
        return x * total

    return add


eager_add, compiled_add = make_accumulator(5), make_accumulator(5)
opt, cnt = compiled(compiled_add)
for _ in range(6):
    assert same(opt(x), eager_add(x))
assert cnt.frame_count == 2, cnt.frame_count
assert compiled_add.__closure__[0].cell_contents == 17

# An attribute read before the same call overwrites it: the exit must give back the old value
# (a graph output), not read the attribute again after the write.
class Stepper(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def forward(self, x):
        before = self.calls
        self.calls = before + 1
        self.previous = before
        return x + before


eager_m, compiled_m = Stepper(), Stepper()
opt, cnt = compiled(compiled_m)
for _ in range(5):
    assert same(opt(x), eager_m(x))
    assert (compiled_m.calls, compiled_m.previous) == (eager_m.calls, eager_m.previous)
assert cnt.frame_count == 2, cnt.frame_count

OFFSET = 0


def shifted(x):
    return x + OFFSET


opt, cnt = compiled(shifted)
for OFFSET in (1, 2, 3, 4):
    assert same(opt(x), shifted(x))
assert cnt.frame_count == 2, cnt.frame_count

# bools are not ints here (Dynamo keeps them static), and dynamic=False keeps every int static.
cnt = check_calls(lambda x, flag: x + flag, [(x, True), (x, False), (x, True), (x, False)])
assert cnt.frame_count == 2, cnt.frame_count
cnt = check_calls(scale, [(x, 2), (x, 3), (x, 4)], dynamic=False)
assert cnt.frame_count == 3, cnt.frame_count

# Moved, not read: into an inlined user function (positional, keyword, *args, **kwargs, a
# method), packed into a tuple or list and unpacked, returned inside a tuple. One recompile,
# then hits; the int is still a graph input of the second graph.
def helper(x, k):
    return x * k + k


def helper_packed(x, *rest, scale=1, **extra):
    return x * scale + rest[0] + extra["tag"]


class Shifter:
    def shift(self, x, k):
        return x + k


shifter = Shifter()


def moved(x, n):
    a = helper(x, n)
    b = helper_packed(x, n, scale=n, tag=n)
    pair = (n, n + 1)
    first, second = pair
    items = [first, second]
    c, d = items
    return a + b + shifter.shift(x, c) + d, (n, d)


values = [(x, 2), (x, 3), (x, 4), (x, 5), (x, -1), (x, 4)]
cnt = check_calls(moved, values)
assert cnt.frame_count == 2, cnt.frame_count
first, second = entries()
assert ("TYPE_MATCH", "L['n']") in second and ("EQUALS_MATCH", "L['n']") not in second


# Read behind the move: each reader still specialises it (a shape from a tuple, a branch inside
# the callee, a container handed to a builtin), so every new value recompiles and no result is
# one traced for another value.
def branches(x, k):
    if k > 3:
        return x + k
    return x - k


def read_after_move(x, n):
    shape = (n, -1)
    y = x.reshape(shape)
    return branches(y, n), max([n, 2]), sum((n, 1))


cnt = check_calls(read_after_move, [(x, 2), (x, 3), (x, 2), (x, 4), (x, 3), (x, 6)])
assert cnt.frame_count == 4, cnt.frame_count


# A tuple holding the SymInt that escapes through a break (the exit rebuilds it from the
# graph's outputs) and one stored on an object.
class Holder:
    pass


holder = Holder()


def escapes(x, n):
    kept = (n, n * 2)
    holder.kept = kept
    torch._dynamo.graph_break()
    return x + kept[1], holder.kept


check_calls(escapes, [(x, 1), (x, 2), (x, 3), (x, 7)])
assert holder.kept == (7, 14), holder.kept


# -n and +n are int operations too: one recompile, then hits, and the results are the new
# value's (the graph computes operator.neg on the int input).
def negated(x, n):
    m = -n
    return x * m + (+n), -m


cnt = check_calls(negated, [(x, 2), (x, 3), (x, -4), (x, 0), (x, 9)])
assert cnt.frame_count == 2, cnt.frame_count
(record,) = capture.records()
assert "operator.neg" in [n["target"] for n in record["graphs"][1]["nodes"]]


# isinstance() of the int and len() of a tuple holding it read no value: no recompile per value.
def checked(x, n):
    sizes = (n, 1)
    if isinstance(n, int) and len(sizes) == 2:
        return x * sizes[0]
    return x


cnt = check_calls(checked, [(x, 2), (x, 3), (x, 4), (x, 5)])
assert cnt.frame_count == 2, cnt.frame_count

print("dynamic int checks passed")
