# Code whose result depends on the order in which a loop body and the iterator it consumes take
# turns, run compiled and eagerly (the oracle), each twice: every case here gave a different
# result from eager before session 9 (generators and map/filter ran ahead of their consumer, list
# iterators were snapshots, an abandoned generator never ran its finally, a container changing
# size while iterated did not raise, `y += 1` lost y's identity with x, `lst *= 3` and `d |= e` made a
# new container that another name for it did not see).
import collections

import torch

from capturecheck import compiled, same


def genexpr_reads_state(x):
    acc = []
    for v in (len(acc) for _ in range(3)):
        acc.append(v)
    return x + sum(acc), acc


def list_grows_in_loop(x):
    lst = [1, 2]
    for v in lst:
        if v < 4:
            lst.append(v + 2)
    return x + len(lst), lst


def reversed_sees_inserts(x):
    lst, out = [3, 1, 2], []
    for v in reversed(lst):
        out.append(v)
        if len(lst) < 5:
            lst.insert(0, 9)
    return x + len(out), out


def map_and_filter_take_turns(x):
    seen, kept = [], []
    for v in map(lambda i: len(seen), range(3)):
        seen.append(v)
    for v in filter(lambda i: len(kept) < 2, range(5)):
        kept.append(v)
    return x + len(seen), seen, kept


def short_circuits_stop_generators(x):
    a, b, c = [], [], []
    any(a.append(i) or i > 1 for i in range(5))
    all(b.append(i) or i < 2 for i in range(5))
    pairs = list(zip(range(3), (c.append(i) or i for i in range(5))))
    return x + len(a) + len(b) + len(c), a, b, c, pairs


def generator_closed_runs_finally(x):
    log = []

    def gen():
        try:
            yield x
            yield x + 1
        finally:
            log.append("closed")

    for v in gen():
        break
    return v, log


def user_iter_is_a_generator(x):
    class Bag:
        def __init__(self, items):
            self.items = items

        def __iter__(self):
            for i in self.items:
                yield i

    bag, out = Bag([1, 2, 3]), []
    for v in bag:
        out.append(v)
        if v < 2:
            bag.items.append(v + 10)
    return x + len(out), out


def deque_fed_by_generator(x):
    q = collections.deque()
    for v in (i * i for i in range(4)):
        q.appendleft(v)
    return x + q[0], list(q)


def inplace_keeps_identity(x):
    y = x.clone()
    z = y
    z += 1
    return z is y, y


def inplace_repeat_keeps_alias(x):
    a = [1]
    b = a
    a *= 3
    return x + len(b), b, 2 * [1], (1, 2) * 2


def inplace_dict_or_keeps_alias(x):
    d = {"a": 1}
    e = d
    d |= {"b": 2}
    return x + len(e), e, d | {"c": 3}, e


def grows_while_iterated(x, kind):
    box = {"a": 1} if kind == "dict" else {1, 2, 3}
    try:
        for k in box:
            if kind == "dict":
                box[k + "!"] = 2
            else:
                box.add(10)
    except RuntimeError as e:
        return x, str(e)
    return x, "no error"


cases = [genexpr_reads_state, list_grows_in_loop, reversed_sees_inserts,
         map_and_filter_take_turns, short_circuits_stop_generators,
         generator_closed_runs_finally, user_iter_is_a_generator, deque_fed_by_generator,
         inplace_keeps_identity, inplace_repeat_keeps_alias, inplace_dict_or_keeps_alias]
for fn in cases:
    want = [fn(torch.ones(2)) for _ in range(2)]
    opt, _ = compiled(fn)
    got = [opt(torch.ones(2)) for _ in range(2)]
    assert same(got, want), (fn.__name__, got, want)
for kind in ("dict", "set"):
    want = grows_while_iterated(torch.ones(1), kind)
    opt, _ = compiled(grows_while_iterated)
    got = opt(torch.ones(1), kind)
    assert same(got, want) and "changed size" in got[1], (kind, got, want)
print("interleaving checks passed")
