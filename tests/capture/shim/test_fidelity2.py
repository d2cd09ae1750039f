# Code whose compiled result differed from CPython's without a word (session 11's differential
# hunt): each case is driven plainly (the oracle) and compiled, the driver changing the state the
# function reads between calls, and the results, the exceptions raised (type and message) and
# the side effects compared.
import operator

import torch

from capturecheck import attempt, check

gb = torch._dynamo.graph_break


def T():
    return torch.ones(2)


# ---- __getattr__ answers only while the instance lacks the name (its keys were unguarded) ----

class Fallback:
    def __init__(self):
        self.real = 1

    def __getattr__(self, name):
        if name.startswith("v"):
            return len(name)
        raise AttributeError(name)


def getattr_fallback(x, g):
    return x + g.real + g.vvv


def drive_getattr_fallback(f):
    g = Fallback()
    out = [attempt(f, T(), g)]
    g.vvv = 100
    out.append(attempt(f, T(), g))
    del g.vvv
    out.append(attempt(f, T(), g))
    return out


check(getattr_fallback, drive_getattr_fallback)


# ---- operator-module functions act on the containers themselves (they were folded on copies) ----

def operator_mutators(x, l, d, s):
    same_list = operator.iadd(l, [7]) is l
    operator.imul(l, 2)
    operator.setitem(l, 0, 5)
    operator.delitem(l, -1)
    operator.iconcat(l, (8,))
    operator.setitem(d, "k", 1)
    operator.delitem(d, "a")
    operator.ior(d, {"z": 2})
    operator.isub(s, {1})
    operator.ior(s, {9})
    return x + len(l), same_list, operator.is_(l, l), operator.contains(l, 8)


def operator_local_list(x):
    acc = []
    for part in ([1], [2, 3]):
        operator.iadd(acc, part)
    return x + sum(acc), acc


def drive_operator_mutators(f):
    l, d, s = [1], {"a": 0}, {1, 2}
    return [attempt(f, T(), l, d, s), l, d, sorted(s)]


check(operator_mutators, drive_operator_mutators)
check(operator_local_list, lambda f: [attempt(f, T())])


# ---- a list's or dict's iterator across a break reads the container (it was a copy) ----

def list_iterator_across_break(x, l):
    it = iter(l)
    first = next(it)
    gb()
    l.append(7)
    l.insert(0, -1)
    return x + first, list(it)


def reversed_across_break(x, l):
    it = reversed(l)
    last = next(it)
    gb()
    l[0] = 100
    return x + last, list(it)


def exhausted_then_appended(x, l):
    it = iter(l)
    for _ in it:
        pass
    gb()
    l.append(3)
    return x, list(it)


def dict_iterator_across_break(x, d):
    it = iter(d)
    first = next(it)
    gb()
    d["new"] = 1
    try:
        return x, first, list(it)
    except RuntimeError as e:
        return x - 1, first, str(e)


check(list_iterator_across_break, lambda f: [attempt(f, T(), [1, 2]), attempt(f, T(), [5])])
check(reversed_across_break, lambda f: [attempt(f, T(), [1, 2, 3])])
check(exhausted_then_appended, lambda f: [attempt(f, T(), [1])])
check(dict_iterator_across_break, lambda f: [attempt(f, T(), {"a": 1, "b": 2})])


# ---- out= returns the out tensor itself (`r is o` was False) ----

def out_identity(x, o):
    r = torch.mul(x, 2, out=o)
    v, i = torch.empty(2), torch.empty(2, dtype=torch.long)
    m = torch.max(torch.stack([x, x + 1]), 0, out=(v, i))
    return r is o, m[0] is v, m[1] is i, o


check(out_identity, lambda f: [attempt(f, T(), torch.zeros(2))])


# ---- a builtin or torch function reached from an input or global is guarded by identity ----

def call_given(x, fn):
    return x + fn([3, 1, 2])


def call_given_torch(x, fn):
    return fn(x, 2)


def builtin_by_name(x):
    return x + abs(-3) + len([1])


def drive_builtin_by_name(f):
    g = globals()
    out = [attempt(f, T())]
    g["abs"] = lambda v: 100
    out.append(attempt(f, T()))
    del g["abs"]
    out.append(attempt(f, T()))
    return out


check(call_given, lambda f: [attempt(f, T(), fn) for fn in (len, max, min, sum)])
check(call_given_torch,
      lambda f: [attempt(f, T(), fn) for fn in (torch.add, torch.mul, torch.sub, torch.Tensor.add)])
check(call_given_torch, lambda f: [attempt(f, T(), lambda a, b, fn=fn: fn(a - b))
                                   for fn in (torch.relu, torch.nn.functional.gelu)])
check(builtin_by_name, drive_builtin_by_name)


# ---- `is` between equal constants of the inputs depends on which objects they are ----

def is_of_constants(x, s, t):
    return x + 1, s is t, s is not t, s == t


check(is_of_constants,
      lambda f: [attempt(f, T(), "abc", "abc"), attempt(f, T(), "abc", "".join(["ab", "c"])),
                 attempt(f, T(), "abc", "abc")])


# ---- a torch function that reads global state is guarded on its answer ----

def reads_deterministic(x):
    return x + 1, torch.are_deterministic_algorithms_enabled()


def drive_deterministic(f):
    out = [attempt(f, T())]
    torch.use_deterministic_algorithms(True)
    try:
        out.append(attempt(f, T()))
    finally:
        torch.use_deterministic_algorithms(False)
    out.append(attempt(f, T()))
    return out


check(reads_deterministic, drive_deterministic)

print("fidelity2 checks passed")
